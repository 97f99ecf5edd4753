import { useCallback, useReducer } from 'react';
import { alertFor, formReducer, initialFormState, type FormAction, type FormState } from './state.ts';

/**
 * The form's state: the reducer of state.ts, with `act` telling the seller (an alert, as the spec
 * asks) when an action is refused or only partly taken; `dispatch` for the form's own updates.
 */
export function useListingForm(
  accountEmail: string | null,
  initial: { text?: Partial<Record<string, string>>; errors?: Record<string, string> } = {},
): {
  state: FormState;
  act: (action: FormAction) => void;
  dispatch: (action: FormAction) => void;
} {
  // A post without JavaScript that was refused comes back with its text and problems.
  const [state, dispatch] = useReducer(formReducer, accountEmail, (email) => initialFormState(email, initial));
  const act = useCallback(
    (action: FormAction) => {
      const message = alertFor(state, action);
      if (message) alert(message);
      dispatch(action);
    },
    [state],
  );
  return { state, act, dispatch };
}
