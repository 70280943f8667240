/** A scriptable stand-in for the browser's WebSocket: the test plays the server. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closeCalls = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('InvalidStateError');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closeCalls += 1;
    if (this.readyState >= FakeSocket.CLOSING) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1000 });
  }

  // ---- the server's side
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  receiveRaw(data: unknown): void {
    this.onmessage?.({ data });
  }
  drop(code = 1006): void {
    this.readyState = FakeSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}
