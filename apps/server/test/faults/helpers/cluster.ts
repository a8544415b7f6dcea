/**
 * A private PostgreSQL cluster for fault tests: `initdb` into a temporary folder, `postgres` on a free
 * port of 127.0.0.1 (its socket in that folder, fsync off), stopped and started at will, removed at the end.
 * The shared server at 127.0.0.1:5432 is never touched. As root, initdb and postgres refuse to run: the
 * binaries then run as the `postgres` OS user (runuser), which owns the folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The newest installed PostgreSQL's bin folder (Debian layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (process.platform !== 'linux' || !existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop (fast: open sessions are cut, as in a restart). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** The server log, for failure messages. */
  log(): string;
  destroy(): void;
}

export async function startPrivateCluster(binDir: string): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mend-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (binary: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(binDir, binary);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(binDir, binary), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(
        `${binary} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
      );
    }
  };
  const port = await freePort();
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  const cluster: PrivateCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return cluster.url(name);
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
    },
    start() {
      run('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '30', 'start']);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    destroy() {
      try {
        if (existsSync(path.join(dataDir, 'postmaster.pid'))) cluster.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    cluster.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
