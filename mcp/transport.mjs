/**
 * The server's stdio transport: the SDK's framing (one JSON-RPC message per
 * line), with an answer for every line a client may get wrong, where the
 * SDK's own transport answers nothing and a client waits forever, or ends the
 * session:
 * - a line that is not JSON: -32700 Parse error;
 * - JSON that is not a JSON-RPC message: -32600 Invalid Request;
 * - a line longer than MAX_LINE_BYTES: -32600, the line skipped, the session
 *   kept (the SDK's buffer ends the session silently at 10 MiB);
 * - a tool call whose `arguments` is not an object: -32602 Invalid params,
 *   in words (the SDK answers -32603 with its validation dump).
 * When the client closes stdin or stdout (EPIPE), the server exits quietly.
 */
import {JSONRPCMessageSchema} from '@modelcontextprotocol/sdk/types.js';

/** The longest message read: tool calls are short; anything longer is refused. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** @typedef {import('@modelcontextprotocol/sdk/types.js').JSONRPCMessage} JSONRPCMessage */

export class LineTransport {
  /**
   * @param {NodeJS.ReadableStream} input
   * @param {NodeJS.WritableStream} output
   */
  constructor(input = process.stdin, output = process.stdout) {
    this.input = input;
    this.output = output;
    /** @type {Buffer[]} */
    this.pending = [];
    this.size = 0;
    /** Whether the rest of the current line is being skipped (it was too long). */
    this.skipping = false;
    /** @type {((message: JSONRPCMessage) => void) | undefined} */
    this.onmessage = undefined;
    /** @type {((error: Error) => void) | undefined} */
    this.onerror = undefined;
    /** @type {(() => void) | undefined} */
    this.onclose = undefined;
    this.closed = false;
  }

  async start() {
    this.input.on('data', (/** @type {Buffer} */ chunk) => this.read(chunk));
    this.input.on('end', () => void this.close());
    this.output.on('error', () => void this.close());
  }

  /** @param {Buffer} chunk */
  read(chunk) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; start = end + 1, end = chunk.indexOf(10, start)) {
      this.add(chunk.subarray(start, end));
      const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
      const skipped = this.skipping;
      this.pending = [];
      this.size = 0;
      this.skipping = false;
      if (skipped) this.refuse(null, -32600, `Invalid Request: a message may be at most ${MAX_LINE_BYTES} bytes.`);
      else if (line.trim()) this.receive(line);
    }
    this.add(chunk.subarray(start));
  }

  /** @param {Buffer} part */
  add(part) {
    if (this.skipping) return;
    this.size += part.length;
    if (this.size > MAX_LINE_BYTES) {
      this.pending = [];
      this.skipping = true;
    } else if (part.length) this.pending.push(part);
  }

  /** @param {string} line */
  receive(line) {
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      return this.refuse(null, -32700, 'Parse error: each line must be one JSON-RPC message.');
    }
    const id = value && typeof value === 'object' && (typeof value.id === 'string' || typeof value.id === 'number') ? value.id : null;
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) return this.refuse(id, -32600, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.');
    const args = value.method === 'tools/call' ? value.params?.arguments : undefined;
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      return this.refuse(id, -32602, 'Invalid params: a tool\'s arguments are an object of its parameters, for example {"query": "add a server"}.');
    }
    this.onmessage?.(parsed.data);
  }

  /**
   * @param {string | number | null} id
   * @param {number} code
   * @param {string} message
   */
  refuse(id, code, message) {
    void this.send(/** @type {JSONRPCMessage} */ ({jsonrpc: '2.0', id, error: {code, message}}));
  }

  /** @param {JSONRPCMessage} message */
  send(message) {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve(undefined);
      else this.output.once('drain', () => resolve(undefined));
    });
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
