// LOG-1: a throw-away PostgreSQL cluster for the consent-log tests against a real server.
// Debian's `postgresql` (installed when missing and root, as ensure-chromium.sh does for
// Chromium); `initdb` + `pg_ctl` in a temp folder as an unprivileged user, on a free port,
// trust authentication on 127.0.0.1 only. `start()` answers { url, stop } or, when no server
// can be had, { missing: 'what to install' }.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL_HINT = 'Install it with:  sudo apt-get install -y postgresql   (the consent-log tests then also run against a real PostgreSQL server)';

const binDir = () => {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0 && existsSync(join(fromConfig.stdout.trim(), 'initdb'))) return fromConfig.stdout.trim();
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const install = () => {
  if (!isRoot() || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) return false;
  console.log("postgresql: not found, installing Debian's postgresql package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'ignore', env }).status === 0;
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** initdb refuses root: as root the cluster runs as `postgres` (Debian's package makes it) or `nobody`. */
const runAs = () => {
  if (!isRoot()) return null;
  for (const user of ['postgres', 'nobody']) if (spawnSync('id', ['-u', user], { stdio: 'ignore' }).status === 0) return user;
  return null;
};

export const start = async () => {
  let bin = binDir();
  if (!bin && install()) bin = binDir();
  if (!bin) return { missing: `PostgreSQL (initdb, pg_ctl) was not found. ${INSTALL_HINT}` };
  const user = runAs();
  if (isRoot() && !user) return { missing: 'No unprivileged user (postgres or nobody) to run a PostgreSQL cluster as.' };
  const dir = mkdtempSync(join(tmpdir(), 'consent-log-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (command, args) => {
    const [file, argv] = user ? ['runuser', ['-u', user, '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions']);
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      missing: `A throw-away PostgreSQL cluster could not start (${String(error.stderr ?? error.message)
        .trim()
        .split('\n')
        .pop()}).`,
    };
  }
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
};

// `node scripts/throwaway-postgres.mjs`: one for a manual run; prints its URL, stops on Ctrl-C.
if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await start();
  if (cluster.missing) {
    console.error(cluster.missing);
    process.exit(1);
  }
  console.log(cluster.url);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
