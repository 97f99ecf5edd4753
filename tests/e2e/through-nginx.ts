/**
 * What the deployment tests share (deploy-nginx.spec.ts, deploy-nginx-outage.spec.ts): their skip
 * rules, the deployment itself (two app processes behind deploy/nginx.conf) and a visitor's request
 * through nginx.
 */
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NGINX, nginxInstalled, startDeployNginx } from '../../bench/nginx.mjs';
import { freePort, postgresAppEnv, startApp, stopApp, type AppProcess } from './app-processes.ts';

export const SKIP_DATABASE = 'nginx deployment test skipped: TEST_DATABASE_URL is not set (.ci/run sets it)';
const SKIP_NGINX = `nginx deployment test skipped: ${NGINX} is not installed (apt-get install nginx-light)`;
/** A loopback address of the tests' own, so the address the app records can only have come from nginx. */
export const VISITOR = '127.0.0.7';

/**
 * Inside a describe: skips it without PostgreSQL (TEST_DATABASE_URL) or without nginx; in CI, where
 * .ci/run installs nginx, a missing binary is a broken machine and a failing test, not a skip.
 */
export function needsPostgresAndNginx() {
  test.skip(!process.env.TEST_DATABASE_URL, SKIP_DATABASE);
  if (nginxInstalled()) return;
  if (process.env.CI === 'true') test('nginx is installed', () => expect(nginxInstalled(), SKIP_NGINX).toBe(true));
  else test.skip(true, SKIP_NGINX);
}

/** Two app processes on one database and one data folder (as on one machine), behind deploy/nginx.conf. */
export interface Deployment {
  /** The processes, by index of {@link appPorts}; a test that restarts one puts the new one in its place. */
  apps: AppProcess[];
  appPorts: number[];
  ports: { http: number; https: number };
  nginx: Awaited<ReturnType<typeof startDeployNginx>>;
  dataDir: string;
  /** A process's environment, to start one again on its port. */
  appEnv: (port: number) => Record<string, string>;
  /** Stops nginx and every process. */
  stop: () => Promise<void>;
}

/**
 * Starts the processes one after the other (the first one migrates), then nginx, in `work`
 * (`work/data`, `work/nginx`). `extra` is added to each process's environment.
 */
export async function startDeployment(databaseUrl: string, work: string, extra: Record<string, string> = {}): Promise<Deployment> {
  const dataDir = path.join(work, 'data');
  const appPorts = [await freePort(), await freePort()];
  const ports = { http: await freePort(), https: await freePort() };
  const proxied = { TRUST_PROXY: 'true', SITE_URL: `https://127.0.0.1:${ports.https}`, ROLLING_RESTART: 'true', ...extra };
  const appEnv = (port: number) => postgresAppEnv(databaseUrl, port, dataDir, proxied);
  const apps: AppProcess[] = [];
  for (const port of appPorts) {
    const app = startApp(appEnv(port));
    apps.push(app);
    await app.ready;
  }
  const nginx = await startDeployNginx({ prefix: path.join(work, 'nginx'), dataDir, apps: appPorts, ...ports });
  const stop = async () => {
    await nginx.stop();
    await Promise.all(apps.map((app) => stopApp(app.child)));
  };
  return { apps, appPorts, ports, nginx, dataDir, appEnv, stop };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request from {@link VISITOR}, over TLS to nginx's self-signed certificate unless `plain`. */
export function ask(
  port: number,
  target: string,
  {
    method = 'GET',
    headers = {},
    body,
    plain = false,
  }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string; plain?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: target, method, headers, localAddress: VISITOR, agent: false };
    const request = plain ? http.request(options) : https.request({ ...options, rejectUnauthorized: false });
    request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${target} took more than 10 s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.end(body);
  });
}
