import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { CaptureReason } from '../../../contracts/index';
import { resolveAllowed, type AddressPolicy } from './address-policy';
import { CaptureFailure } from './failure';

/** Header of the proxy's own error answers, stripped from every upstream answer so a site cannot forge it. */
export const PROXY_REASON_HEADER = 'x-capture-proxy';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ProxyLimits {
  /** Most bytes all answers together may bring in. */
  maxBytes: number;
  /** How long a connection to a site may take to open. */
  connectTimeoutMs: number;
}

/**
 * The only way out for a capture's browser context (Playwright's per-context proxy; Chromium sends every
 * request, loopback included, through it). Each connection, redirect hop and sub-resource is resolved here,
 * every address checked against the policy, and the connection made to the checked address: the browser
 * never resolves a name itself, so DNS rebinding and redirects to internal hosts are refused too. It also
 * counts every byte coming in and cuts everything off past the limit.
 */
export class GuardProxy {
  readonly #server: Server;
  readonly #sockets = new Set<Duplex>();
  /** Address used per `host:port`, for the facts of the capture. */
  readonly resolved = new Map<string, string>();
  /** Why a `host:port` could not be reached. */
  readonly failures = new Map<string, CaptureReason>();
  bytes = 0;
  overLimit = false;
  onOverLimit: (() => void) | null = null;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly limits: ProxyLimits,
  ) {
    this.#server = createServer((req, res) => void this.#forward(req, res));
    this.#server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#tunnel(req, socket, head));
    this.#server.on('connection', (socket: Socket) => this.#track(socket));
  }

  /** Listens on a free loopback port; answers the proxy address for the browser context. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.#server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    return `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The reason recorded for the host of an address, if its connection failed here. */
  failureFor(url: string): CaptureReason | null {
    try {
      return this.failures.get(hostKey(new URL(url))) ?? null;
    } catch {
      return null;
    }
  }

  addressFor(url: string): string | null {
    try {
      return this.resolved.get(hostKey(new URL(url))) ?? null;
    } catch {
      return null;
    }
  }

  #track(socket: Duplex): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  #count(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes && !this.overLimit) {
      this.overLimit = true;
      for (const socket of this.#sockets) socket.destroy();
      this.onOverLimit?.();
    }
  }

  async #resolve(key: string, host: string, port: number): Promise<string> {
    try {
      const address = await resolveAllowed(host, port, this.policy);
      this.resolved.set(key, address);
      return address;
    } catch (error) {
      const reason = error instanceof CaptureFailure ? error.reason : 'unreachable';
      this.failures.set(key, reason);
      throw new CaptureFailure(reason);
    }
  }

  #open(key: string, address: string, port: number): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: address, port });
      this.#track(socket);
      const timer = setTimeout(() => {
        this.failures.set(key, 'timeout');
        socket.destroy();
        reject(new CaptureFailure('timeout'));
      }, this.limits.connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('error', () => {
        clearTimeout(timer);
        this.failures.set(key, 'unreachable');
        reject(new CaptureFailure('unreachable'));
      });
    });
  }

  /** Plain http: the browser sends the absolute address; answered from the checked address. */
  async #forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (reason: CaptureReason) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { [PROXY_REASON_HEADER]: reason, 'content-type': 'text/plain' }).end(reason);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      refuse('unreachable');
      return;
    }
    if (url.protocol !== 'http:') return refuse('unreachable');
    const key = hostKey(url);
    const port = Number(url.port || 80);
    let socket: Socket;
    try {
      socket = await this.#open(key, await this.#resolve(key, url.hostname, port), port);
    } catch (error) {
      return refuse(error instanceof CaptureFailure ? error.reason : 'unreachable');
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.connection = 'close';
    const upstream = httpRequest({
      createConnection: () => socket,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      setHost: false,
    });
    upstream.on('response', (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== PROXY_REASON_HEADER) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.on('data', (chunk: Buffer) => this.#count(chunk));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      this.failures.set(key, 'unreachable');
      refuse('unreachable');
    });
    req.pipe(upstream);
  }

  /** https (and WebSocket): a tunnel to the checked address; the bytes coming back are counted. */
  async #tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.#track(client);
    const target = parseAuthority(req.url ?? '');
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const key = `${target.host.toLowerCase()}:${target.port}`;
    let socket: Socket;
    try {
      socket = await this.#open(key, await this.#resolve(key, target.host, target.port), target.port);
    } catch (error) {
      const reason = error instanceof CaptureFailure ? error.reason : 'unreachable';
      client.end(
        `HTTP/1.1 ${reason === 'refusedAddress' ? '403 Forbidden' : '502 Bad Gateway'}\r\n${PROXY_REASON_HEADER}: ${reason}\r\n\r\n`,
      );
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.write(head);
    socket.on('data', (chunk: Buffer) => this.#count(chunk));
    socket.pipe(client);
    client.pipe(socket);
    socket.on('close', () => client.destroy());
    client.on('close', () => socket.destroy());
  }
}

/** `host:port` of an address, the way both proxy paths key it. */
function hostKey(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return `${host}:${url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80)}`;
}

/** `host:port` or `[v6]:port` of a CONNECT request. */
function parseAuthority(text: string): { host: string; port: number } | null {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return { host: (match[1] ?? match[2]) as string, port };
}
