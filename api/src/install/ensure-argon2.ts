/**
 * Run by `npm install` (postinstall). The argon2 package ships prebuilt binaries, and on some machines
 * (this project's CI among them) the prebuilt one crashes the process as it loads. Load it in a child
 * process; if that dies, build the addon from source with the machine's compiler, then check again.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const loads = () =>
  spawnSync(process.execPath, ['-e', "require('argon2').hash('probe').then(() => process.exit(0), () => process.exit(1))"], { stdio: 'ignore' }).status === 0;

if (!loads()) {
  console.log('[install] the prebuilt argon2 binary does not load here: building it from source');
  execFileSync('npm', ['rebuild', 'argon2'], { stdio: 'inherit', env: { ...process.env, npm_config_build_from_source: 'true' } });
  if (!loads()) {
    console.error('[install] argon2 still does not load after building from source: password hashing cannot work on this machine');
    process.exit(1);
  }
}
