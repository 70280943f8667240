/**
 * The MQTT 3.1.1 packets a push subscriber needs (OASIS MQTT 3.1.1, chapters 2 and 3), as pure
 * functions from values to bytes and from bytes to values. The socket lives in mqttClient.ts.
 *
 * Encoders take our own values (a token too long for a 16-bit length is a RangeError: the caller
 * checks what it got from the service first). The reader takes what the broker sent, which is
 * untrusted: whatever the bytes, it returns packets, a tail to wait for, or an error; it never throws.
 *
 * Only what a QoS 0/1 subscriber (and the demo's publisher) meets is read: CONNACK, PUBLISH,
 * PUBACK, SUBACK, PINGRESP. Any other packet from a broker is a protocol error for this client.
 */

export const PacketType = {
  CONNECT: 1,
  CONNACK: 2,
  PUBLISH: 3,
  PUBACK: 4,
  SUBSCRIBE: 8,
  SUBACK: 9,
  PINGREQ: 12,
  PINGRESP: 13,
  DISCONNECT: 14,
} as const;

/** A SUBACK's return code for a refused subscription. */
export const SUBACK_FAILURE = 0x80;

/** The largest remaining length four varint bytes hold (§2.2.3). */
export const MAX_REMAINING_LENGTH = 268_435_455;

export type Packet =
  | { type: 'connack'; sessionPresent: boolean; returnCode: number }
  | { type: 'publish'; topic: string; payload: Uint8Array; qos: 0 | 1 | 2; packetId?: number; dup: boolean; retain: boolean }
  | { type: 'puback'; packetId: number }
  | { type: 'suback'; packetId: number; granted: number[] }
  | { type: 'pingresp' };

export interface ReadResult {
  /** The whole packets at the start of the bytes, in order. */
  packets: Packet[];
  /** The bytes after them: the start of a packet still on its way (empty when none). */
  rest: Uint8Array;
  /**
   * Set when the bytes break the protocol: the connection must close (§4.8). `packets` still holds
   * those before. It names the section of MQTT 3.1.1 broken, or `size`: larger than we accept.
   */
  error?: string;
}

// ---------------------------------------------------------------- encoding

/** The remaining length as its varint bytes (§2.2.3): 7 bits a byte, low first, the top bit saying "more". */
export function encodeRemainingLength(length: number): number[] {
  if (!Number.isInteger(length) || length < 0 || length > MAX_REMAINING_LENGTH) throw new RangeError(`remaining length ${length}`);
  const out: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    out.push(byte);
  } while (rest > 0);
  return out;
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A length-prefixed field (§1.5.3 strings, §3.1.3.5 binary data). */
function field(bytes: Uint8Array): number[] {
  if (bytes.length > 0xffff) throw new RangeError(`field of ${bytes.length} bytes`);
  return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
}

function u16(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) throw new RangeError(`u16 ${value}`);
  return [value >> 8, value & 0xff];
}

function packetId(value: number): number[] {
  if (value === 0) throw new RangeError('packet id 0');
  return u16(value);
}

function packet(firstByte: number, body: ArrayLike<number>): Uint8Array {
  const header = [firstByte, ...encodeRemainingLength(body.length)];
  const out = new Uint8Array(header.length + body.length);
  out.set(header);
  out.set(body, header.length);
  return out;
}

export interface ConnectFields {
  clientId: string;
  username: string;
  password: string;
  /** seconds; the broker drops a client silent for 1.5 times this (§3.1.2.10) */
  keepAliveS: number;
}

/** CONNECT, protocol level 4, clean session, with username and password, no will (§3.1). */
export function encodeConnect({ clientId, username, password, keepAliveS }: ConnectFields): Uint8Array {
  const USERNAME = 0x80;
  const PASSWORD = 0x40;
  const CLEAN_SESSION = 0x02;
  const body = [
    ...field(utf8('MQTT')),
    4,
    USERNAME | PASSWORD | CLEAN_SESSION,
    ...u16(keepAliveS),
    ...field(utf8(clientId)),
    ...field(utf8(username)),
    ...field(utf8(password)),
  ];
  return packet(PacketType.CONNECT << 4, body);
}

/** SUBSCRIBE to one topic filter at the given QoS (§3.8; the fixed header's flags are 0010). */
export function encodeSubscribe(id: number, topicFilter: string, qos: 0 | 1): Uint8Array {
  return packet((PacketType.SUBSCRIBE << 4) | 0x02, [...packetId(id), ...field(utf8(topicFilter)), qos]);
}

/** PUBLISH (§3.3): QoS 1 needs a packet id. The widget never publishes; the demo's Chat21 stand-in does. */
export function encodePublish(topic: string, payload: Uint8Array | string, qos: 0 | 1, id?: number): Uint8Array {
  const bytes = typeof payload === 'string' ? utf8(payload) : payload;
  if (qos === 1 && id === undefined) throw new RangeError('QoS 1 needs a packet id');
  const head = [...field(utf8(topic)), ...(qos === 1 ? packetId(id ?? 0) : [])];
  const body = new Uint8Array(head.length + bytes.length);
  body.set(head);
  body.set(bytes, head.length);
  return packet((PacketType.PUBLISH << 4) | (qos << 1), body);
}

/** PUBACK: the answer to a QoS 1 PUBLISH (§3.4). */
export function encodePuback(id: number): Uint8Array {
  return packet(PacketType.PUBACK << 4, packetId(id));
}

/** PINGREQ (§3.12). */
export function encodePingreq(): Uint8Array {
  return packet(PacketType.PINGREQ << 4, []);
}

/** DISCONNECT (§3.14). */
export function encodeDisconnect(): Uint8Array {
  return packet(PacketType.DISCONNECT << 4, []);
}

// ---------------------------------------------------------------- reading

/** Why a packet is refused: the broker broke the protocol (`ReadResult.error`). */
class Malformed {
  constructor(readonly reason: string) {}
}

type Header = { firstByte: number; length: number; bodyStart: number };

/**
 * The fixed header at `at`: null when its bytes have not all arrived, Malformed when the varint
 * runs past four bytes (§2.2.3) or the packet is larger than we accept.
 */
function readHeader(bytes: Uint8Array, at: number, maxPacketBytes: number): Header | null | Malformed {
  let length = 0;
  let multiplier = 1;
  for (let i = 1; i <= 4; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) return null;
    length += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) {
      if (length > maxPacketBytes) return new Malformed('size');
      return { firstByte: bytes[at]!, length, bodyStart: at + i + 1 };
    }
    multiplier *= 128;
  }
  return new Malformed('§2.2.3');
}

function readU16(body: Uint8Array, at: number): number {
  return (body[at]! << 8) | body[at + 1]!;
}

/** Each packet's own rules (§3): its flags, its length, its fields. */
function decode(firstByte: number, body: Uint8Array): Packet | Malformed {
  const type = firstByte >> 4;
  const flags = firstByte & 0x0f;
  if (type === PacketType.PUBLISH) return decodePublish(flags, body);
  if (flags !== 0) return new Malformed('§2.2.2');
  switch (type) {
    case PacketType.CONNACK:
      if (body.length !== 2 || (body[0]! & 0xfe) !== 0) return new Malformed('§3.2');
      return { type: 'connack', sessionPresent: body[0] === 1, returnCode: body[1]! };
    case PacketType.PUBACK:
      if (body.length !== 2) return new Malformed('§3.4');
      return { type: 'puback', packetId: readU16(body, 0) };
    case PacketType.SUBACK: {
      if (body.length < 3) return new Malformed('§3.9');
      const granted = Array.from(body.subarray(2));
      if (granted.some((code) => code > 2 && code !== SUBACK_FAILURE)) return new Malformed('§3.9');
      return { type: 'suback', packetId: readU16(body, 0), granted };
    }
    case PacketType.PINGRESP:
      return body.length === 0 ? { type: 'pingresp' } : new Malformed('§3.13');
    default:
      return new Malformed('§2.2.1');
  }
}

function decodePublish(flags: number, body: Uint8Array): Packet | Malformed {
  const qos = (flags >> 1) & 0x03;
  if (qos === 3) return new Malformed('§3.3');
  if (body.length < 2) return new Malformed('§3.3');
  const topicLength = readU16(body, 0);
  const topicEnd = 2 + topicLength;
  const payloadStart = topicEnd + (qos > 0 ? 2 : 0);
  if (topicLength === 0 || payloadStart > body.length) return new Malformed('§3.3');
  let topic: string;
  try {
    topic = new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(2, topicEnd));
  } catch {
    return new Malformed('§3.3');
  }
  const out: Packet = {
    type: 'publish',
    topic,
    payload: body.slice(payloadStart),
    qos: qos as 0 | 1 | 2,
    dup: (flags & 0x08) !== 0,
    retain: (flags & 0x01) !== 0,
  };
  if (qos > 0) {
    out.packetId = readU16(body, topicEnd);
    if (out.packetId === 0) return new Malformed('§3.3');
  }
  return out;
}

/**
 * The packets in `bytes` (what arrived, after the `rest` of the last call): WebSocket messages may
 * carry several packets, or part of one. `maxPacketBytes` bounds what we wait for.
 */
export function readPackets(bytes: Uint8Array, maxPacketBytes = 1 << 20): ReadResult {
  const packets: Packet[] = [];
  let at = 0;
  while (at < bytes.length) {
    const header = readHeader(bytes, at, maxPacketBytes);
    if (header instanceof Malformed) return { packets, rest: new Uint8Array(0), error: header.reason };
    if (header === null || header.bodyStart + header.length > bytes.length) break;
    const decoded = decode(header.firstByte, bytes.subarray(header.bodyStart, header.bodyStart + header.length));
    if (decoded instanceof Malformed) return { packets, rest: new Uint8Array(0), error: decoded.reason };
    packets.push(decoded);
    at = header.bodyStart + header.length;
  }
  return { packets, rest: bytes.slice(at) };
}
