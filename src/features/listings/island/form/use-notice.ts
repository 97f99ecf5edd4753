import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmitOutcome } from './submit.ts';

export interface Notice {
  kind: SubmitOutcome['kind'];
  text: string;
}

/** The form's one message: shown for `ms` milliseconds, or until the next one when `ms` is 0. */
export function useNotice(): [Notice | null, (kind: Notice['kind'], text: string, ms: number) => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((kind: Notice['kind'], text: string, ms: number) => {
    clearTimeout(timer.current);
    setNotice({ kind, text });
    if (ms > 0) timer.current = setTimeout(() => setNotice(null), ms);
  }, []);
  return [notice, show];
}
