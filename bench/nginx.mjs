/**
 * Debian's nginx, for the benchmark and the deployment test: the static baseline (one page served
 * precompressed with `gzip_static`, as a CDN or nginx serves a file), and deploy/nginx.conf in front
 * of app processes with only its ports and paths replaced.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { get as getInsecure } from './load.mjs';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX);

/**
 * `nginx -p prefix -c conf` in the foreground; resolves once `url` answers (any status).
 * `stop()` asks for a graceful exit (SIGQUIT) and waits for it.
 */
export async function runNginx({ prefix, conf, url, get = getInsecure }) {
  const log = [];
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => log.push(chunk.toString()));
  child.stderr.on('data', (chunk) => log.push(chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log.join('')}`);
    const up = await get(url).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer ${url} within 10 s:\n${log.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** The folders nginx writes to under `prefix` (logs, temporary bodies, the challenge folder, TLS). */
async function makePrefix(prefix) {
  for (const dir of ['logs', 'tmp', 'acme', 'ssl']) await mkdir(path.join(prefix, dir), { recursive: true });
}

/**
 * The static baseline: `fileName` in `dir` served at `/` with `gzip_static` from a copy compressed
 * once (gzip -9), one worker per core; null when nginx is not installed.
 */
export async function startStaticNginx({ port, dir, fileName }) {
  if (!nginxInstalled()) return null;
  const prefix = path.join(dir, 'nginx');
  await makePrefix(prefix);
  const file = path.join(dir, fileName);
  await writeFile(`${file}.gz`, gzipSync(await readFile(file), { level: 9 }));
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body; proxy_temp_path ${prefix}/tmp/proxy; fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi; scgi_temp_path ${prefix}/tmp/scgi;
  sendfile on; tcp_nopush on;
  gzip_static on; gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = / { default_type 'text/html; charset=utf-8'; try_files /${fileName} =404; }
  }
}
`,
  );
  const origin = `http://127.0.0.1:${port}`;
  const nginx = await runNginx({ prefix, conf, url: `${origin}/` });
  return { origin, stop: nginx.stop };
}

/**
 * deploy/nginx.conf with this machine's values, the replacements its head lists. Each must match,
 * so a change to the file that the deployment test and the benchmark do not follow fails them.
 * @param {{ prefix: string, dataDir: string, apps: number[], http: number, https: number }} v
 */
export async function deployConfig(v) {
  const source = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const upstream = /^\s*server 127\.0\.0\.1:3001 (.*)$/m.exec(source);
  if (!upstream) throw new Error('deploy/nginx.conf no longer has "server 127.0.0.1:3001 …" in its upstream block');
  const replacements = [
    // Root must name a user for the workers; anyone else runs them as themselves (the line is ignored).
    ['user www-data;', process.getuid?.() === 0 ? 'user root;' : ''],
    ['/run/nginx.pid', path.join(v.prefix, 'nginx.pid')],
    ['/var/log/nginx', path.join(v.prefix, 'logs')],
    ['/var/lib/nginx', path.join(v.prefix, 'tmp')],
    ['/var/www/letsencrypt', path.join(v.prefix, 'acme')],
    ['/etc/ssl/sefer/', `${path.join(v.prefix, 'ssl')}/`],
    ['/srv/sefer/app', ROOT],
    ['/srv/sefer/data', v.dataDir],
    [upstream[0], v.apps.map((port) => upstream[0].replace('3001', String(port))).join('\n')],
    [/^\s*server 127\.0\.0\.1:3002 .*\n/m, ''],
    ['listen 80;', `listen 127.0.0.1:${v.http};`],
    ['listen 443 ', `listen 127.0.0.1:${v.https} `],
  ];
  let conf = source;
  for (const [from, to] of replacements) {
    const found = typeof from === 'string' ? conf.includes(from) : from.test(conf);
    if (!found) throw new Error(`deploy/nginx.conf no longer contains ${from}`);
    conf = typeof from === 'string' ? conf.replaceAll(from, to) : conf.replace(from, to);
  }
  return conf;
}

/**
 * deploy/nginx.conf in front of the app processes on `apps` (ports), with a throwaway self-signed
 * certificate (openssl). Its access log is `${prefix}/logs/sefer.access.log`.
 */
export async function startDeployNginx({ prefix, dataDir, apps, http, https }) {
  await makePrefix(prefix);
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    path.join(prefix, 'ssl/privkey.pem'),
    '-out',
    path.join(prefix, 'ssl/fullchain.pem'),
  ]);
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, await deployConfig({ prefix, dataDir, apps, http, https }));
  const origin = `https://127.0.0.1:${https}`;
  const nginx = await runNginx({ prefix, conf, url: `${origin}/healthz` });
  return { origin, accessLog: path.join(prefix, 'logs/sefer.access.log'), log: nginx.log, stop: nginx.stop };
}
