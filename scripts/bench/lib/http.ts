import http from 'node:http';

export interface HttpAnswer {
  status: number;
  body: string;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface RequestOptions {
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * A keep-alive HTTP/1.1 client on node:http (no dependency): the load tests measure the server, so the
 * client stays as thin as possible. Loopback only.
 */
export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 16,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined;
    if (options.form) {
      payload = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: this.agent, timeout: 60_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** POST a url-encoded form to an /api call; throws unless the envelope says code 200. */
  async call<T>(path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<T> {
    const answer = await this.request('POST', path, { form, headers });
    return envelopeData<T>(path, answer);
  }

  async getJson<T>(path: string): Promise<T> {
    const answer = await this.request('GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    return JSON.parse(answer.body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

export function envelopeData<T>(path: string, answer: HttpAnswer): T {
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(answer.body) as Envelope<T>;
  } catch {
    throw new Error(`${path}: HTTP ${answer.status}, not JSON: ${answer.body.slice(0, 120)}`);
  }
  if (answer.status !== 200 || envelope.code !== 200) {
    throw new Error(`${path}: HTTP ${answer.status}, code ${envelope.code} ${envelope.msg}`);
  }
  return envelope.data;
}
