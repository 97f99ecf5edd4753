/**
 * PGlite is one process only: a second process opening the same folder would corrupt it. The
 * process that opens a folder leaves its pid beside it (`<folder>.pid`) until it closes; another
 * process refuses to open it while that pid lives (a server, `npm run backup`, `npm run restore`).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class FolderInUseError extends Error {
  readonly folder: string;
  readonly pid: number;
  constructor(folder: string, pid: number) {
    super(
      `The database folder ${folder} is open in process ${pid} (PGlite allows one process). If no such process runs, delete ${folder}.pid.`,
    );
    this.folder = folder;
    this.pid = pid;
  }
}

/** Claims `folder` for this process; returns the release. Throws FolderInUseError while another process holds it. */
export function claimPgliteFolder(folder: string): () => void {
  const file = `${folder}.pid`;
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) throw new FolderInUseError(folder, holder);
    // Left by a process that ended without closing (or by this one): taken over.
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
