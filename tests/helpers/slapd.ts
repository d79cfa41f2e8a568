import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real OpenLDAP server (Debian's slapd) for the tests: its own temp config and database, loaded
 * from an LDIF with slapadd, listening on a free port of 127.0.0.1. Anonymous users may only
 * authenticate, so a search needs the service account, as in most company directories.
 */
export interface Slapd {
  host: string;
  port: number;
  suffix: string;
  adminDn: string;
  adminPassword: string;
  stop(): Promise<void>;
}

const SUFFIX = 'dc=example,dc=org';
// Debian puts slapd in /usr/sbin, which is not on every user's PATH.
const sbin = (name: string) => (fs.existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name);
const ADMIN_DN = `cn=admin,${SUFFIX}`;
const ADMIN_PASSWORD = 'admin-secret-7';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port}`);
}

/** Starts slapd with the given entries (LDIF under dc=example,dc=org, without the suffix entry). */
export async function startSlapd(entriesLdif: string): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${SUFFIX}"`,
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${ADMIN_PASSWORD}`,
      `directory ${path.join(dir, 'db')}`,
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const ldif = `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n\n${entriesLdif.trim()}\n`;
  fs.writeFileSync(path.join(dir, 'data.ldif'), ldif);
  const added = spawnSync(sbin('slapadd'), ['-f', conf, '-l', path.join(dir, 'data.ldif')], { encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`slapadd failed: ${added.stderr}`);
  const port = await freePort();
  // -d 0: stay in the foreground (so the test owns the process) without debug output.
  const child = spawn(sbin('slapd'), ['-h', `ldap://127.0.0.1:${port}`, '-f', conf, '-d', '0'], { stdio: 'ignore' });
  await waitForPort(port, child, 20_000);
  return {
    host: '127.0.0.1',
    port,
    suffix: SUFFIX,
    adminDn: ADMIN_DN,
    adminPassword: ADMIN_PASSWORD,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
