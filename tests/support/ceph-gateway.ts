// A throwaway Ceph RADOS Gateway (an S3 API) for the scale-out tests and the bench: a one-node cluster (a monitor,
// one OSD keeping its objects in memory, the gateway) in its own temporary directory, the monitor and the gateway on
// free ports of 127.0.0.1, no authentication between the daemons, and one S3 user with random keys. Signatures of
// S3 requests are checked as on any S3 service. Needs Debian's ceph-mon, ceph-osd and radosgw.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { exited, freePort, killOnExit, makeServiceDir, removeServiceDir, tail, waitUntilReady, whichSync } from './scaleout-services';

const run = promisify(execFile);

/** Pid files the daemons write (relative to the service directory), for the stale-run sweep. */
export const CEPH_PID_FILES = ['run/mon.a.pid', 'run/osd.0.pid', 'run/client.rgw.a.pid'];
const BINARIES = ['monmaptool', 'ceph-mon', 'ceph-osd', 'ceph', 'radosgw', 'radosgw-admin'] as const;

export interface CephGateway {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  dir: string;
  /** Stops the gateway only (the store becomes unreachable); its data stays in the cluster. */
  stopGateway(): Promise<void>;
  /** Starts the gateway again on the same port. */
  startGateway(): Promise<void>;
  /** Stops every daemon and removes the directory. */
  stop(): Promise<void>;
}

function binary(name: string): string {
  const found = whichSync(name) ?? (fs.existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : undefined);
  if (!found) {
    throw new Error(`The scale-out tests start their own Ceph RADOS Gateway but ${name} is missing (Debian: apt-get install ceph-mon ceph-osd radosgw), or set TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY`);
  }
  return found;
}

function config(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = 127.0.0.1:${monPort}
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
# Without cephx the daemons must also agree on plain (crc) connections, or the gateway cannot reach the monitor.
ms mon client mode = crc
ms client mode = crc
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon data avail warn = 1
mon data avail crit = 0
osd objectstore = memstore
memstore device bytes = 1073741824
osd crush chooseleaf type = 0
run dir = ${dir}/run
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
admin socket = ${dir}/run/$name.asok
public addr = 127.0.0.1
[mon.a]
mon data = ${dir}/mon/a
[osd.0]
osd data = ${dir}/osd/0
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
`;
}

export async function startCephGateway(): Promise<CephGateway> {
  const bin = Object.fromEntries(BINARIES.map((b) => [b, binary(b)])) as Record<(typeof BINARIES)[number], string>;
  const dir = makeServiceDir('ceph');
  const daemons: ChildProcess[] = [];
  const stopDaemon = async (child: ChildProcess) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  const stopAll = async () => {
    // The gateway first, the monitor last: the others talk to it while they stop.
    for (const child of [...daemons].reverse()) await stopDaemon(child);
    removeServiceDir(dir);
  };
  try {
    for (const sub of ['mon', 'osd/0', 'run', 'log', 'rgw']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const [monPort, rgwPort] = [await freePort(), await freePort()];
    const fsid = randomUUID();
    const conf = path.join(dir, 'ceph.conf');
    fs.writeFileSync(conf, config(dir, fsid, monPort, rgwPort));
    const c = ['-c', conf];
    // The ceph CLI waits for the monitor (up to its connect timeout), so no polling is needed before it.
    const ceph = (...args: string[]) => run(bin.ceph, [...c, '--connect-timeout', '120', ...args], { cwd: dir });
    const daemon = (name: string, args: string[]) => {
      const child = spawn(name, [...c, '-f', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      daemons.push(child);
      killOnExit(child);
      return child;
    };

    await run(bin.monmaptool, ['--create', '--add', 'a', `127.0.0.1:${monPort}`, '--fsid', fsid, path.join(dir, 'monmap')], { cwd: dir });
    await run(bin['ceph-mon'], [...c, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')], { cwd: dir });
    daemon(bin['ceph-mon'], ['-i', 'a']);
    await ceph('osd', 'create');
    await run(bin['ceph-osd'], [...c, '-i', '0', '--mkfs'], { cwd: dir });
    await ceph('osd', 'crush', 'add-bucket', 'localhost', 'host');
    await ceph('osd', 'crush', 'move', 'localhost', 'root=default');
    await ceph('osd', 'crush', 'add', 'osd.0', '1.0', 'host=localhost');
    daemon(bin['ceph-osd'], ['-i', '0']);

    const endpoint = `http://127.0.0.1:${rgwPort}`;
    let gateway: ChildProcess | undefined;
    const startGateway = async () => {
      gateway = daemon(bin.radosgw, ['-n', 'client.rgw.a']);
      const output = tail(gateway);
      // Ready once it answers S3 requests (it creates its pools first, which needs the OSD up).
      await waitUntilReady(gateway, () => `${output()}\n(logs in ${dir}/log)`, 'Ceph RADOS Gateway', async () => {
        const res = await fetch(endpoint);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
      });
    };
    const stopGateway = async () => {
      if (!gateway) return;
      await stopDaemon(gateway);
      daemons.splice(daemons.indexOf(gateway), 1);
      gateway = undefined;
    };
    await startGateway();
    const accessKeyId = `T${randomBytes(9).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(24).toString('base64url');
    await run(bin['radosgw-admin'], [...c, 'user', 'create', '--uid=test', '--display-name=test', `--access-key=${accessKeyId}`, `--secret=${secretAccessKey}`], { cwd: dir });
    return { endpoint, accessKeyId, secretAccessKey, dir, stopGateway, startGateway, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
