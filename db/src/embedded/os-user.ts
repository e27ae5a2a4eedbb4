import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the OS user `postgres`, creating that user
 * when the machine has none; as anyone else we run it as ourselves.
 */
export function postgresOsUser(): RunAs {
  if (os.userInfo().uid !== 0) return {};
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return lookup();
  }
}
