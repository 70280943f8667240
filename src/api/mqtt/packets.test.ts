import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePuback,
  encodePublish,
  encodeRemainingLength,
  encodeSubscribe,
  MAX_REMAINING_LENGTH,
  type Packet,
  readPackets,
} from './packets.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** A PUBLISH as a broker sends it, built by hand (not with our encoder). */
const brokerPublish = (topic: string, payload: string, qos: 0 | 1, id = 0, flags = 0) => {
  const t = ascii(topic);
  const body = [t.length >> 8, t.length & 0xff, ...t, ...(qos ? [id >> 8, id & 0xff] : []), ...ascii(payload)];
  return bytes(0x30 | (qos << 1) | flags, ...encodeRemainingLength(body.length), ...body);
};

describe('encodeRemainingLength (§2.2.3)', () => {
  it.each([
    [0, [0x00]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [16_383, [0xff, 0x7f]],
    [16_384, [0x80, 0x80, 0x01]],
    [2_097_151, [0xff, 0xff, 0x7f]],
    [2_097_152, [0x80, 0x80, 0x80, 0x01]],
    [MAX_REMAINING_LENGTH, [0xff, 0xff, 0xff, 0x7f]],
  ])('%i is %j', (length, expected) => {
    expect(encodeRemainingLength(length)).toEqual(expected);
  });

  it('refuses what four bytes cannot hold, and what is no length', () => {
    expect(() => encodeRemainingLength(MAX_REMAINING_LENGTH + 1)).toThrow(RangeError);
    expect(() => encodeRemainingLength(-1)).toThrow(RangeError);
    expect(() => encodeRemainingLength(1.5)).toThrow(RangeError);
  });
});

describe('encoders: exact bytes', () => {
  it('CONNECT: MQTT level 4, username + password + clean session, keepalive, then client id, username, password', () => {
    const packet = encodeConnect({ clientId: 'c1', username: 'JWT', password: 'tok', keepAliveS: 120 });
    const body = [0, 4, ...ascii('MQTT'), 4, 0xc2, 0, 120, 0, 2, ...ascii('c1'), 0, 3, ...ascii('JWT'), 0, 3, ...ascii('tok')];
    expect(Array.from(packet)).toEqual([0x10, body.length, ...body]);
  });

  it('CONNECT with a token past 127 bytes takes a two-byte remaining length', () => {
    const password = 'x'.repeat(200);
    const packet = encodeConnect({ clientId: 'c', username: 'JWT', password, keepAliveS: 10 });
    const length = 10 + 3 + 5 + 202; // variable header, client id, username, password
    expect(Array.from(packet.subarray(0, 3))).toEqual([0x10, (length % 128) | 0x80, Math.floor(length / 128)]);
    expect(packet.length).toBe(3 + length);
    expect(Array.from(packet.subarray(-202, -200))).toEqual([0, 200]);
  });

  it('CONNECT encodes names as UTF-8 with their byte length', () => {
    const packet = encodeConnect({ clientId: 'é', username: 'JWT', password: 'p', keepAliveS: 0 });
    // after the fixed header (2 bytes) and the variable header (10 bytes)
    expect(Array.from(packet.subarray(12, 16))).toEqual([0, 2, 0xc3, 0xa9]);
  });

  it('SUBSCRIBE: flags 0010, packet id, topic filter, requested QoS', () => {
    const filter = 'apps/tilechat/users/u1/#';
    expect(Array.from(encodeSubscribe(1, filter, 1))).toEqual([0x82, 2 + 2 + filter.length + 1, 0, 1, 0, filter.length, ...ascii(filter), 1]);
  });

  it('PUBLISH QoS 0 has no packet id; QoS 1 has one', () => {
    expect(Array.from(encodePublish('a/b', 'hi', 0))).toEqual([0x30, 7, 0, 3, ...ascii('a/b'), ...ascii('hi')]);
    expect(Array.from(encodePublish('a/b', 'hi', 1, 258))).toEqual([0x32, 9, 0, 3, ...ascii('a/b'), 1, 2, ...ascii('hi')]);
    expect(() => encodePublish('a/b', 'hi', 1)).toThrow(RangeError);
  });

  it('PUBACK, PINGREQ, DISCONNECT', () => {
    expect(Array.from(encodePuback(0x1234))).toEqual([0x40, 2, 0x12, 0x34]);
    expect(Array.from(encodePingreq())).toEqual([0xc0, 0]);
    expect(Array.from(encodeDisconnect())).toEqual([0xe0, 0]);
  });

  it('refuses packet id 0 and fields over 65,535 bytes (the caller checks what the service gave it)', () => {
    expect(() => encodePuback(0)).toThrow(RangeError);
    expect(() => encodeSubscribe(0, 't', 1)).toThrow(RangeError);
    expect(() => encodeConnect({ clientId: 'c', username: 'JWT', password: 'x'.repeat(65_536), keepAliveS: 10 })).toThrow(RangeError);
  });
});

describe('readPackets: what a broker sends', () => {
  it('CONNACK accepted, and refused with its return code', () => {
    expect(readPackets(bytes(0x20, 2, 0, 0))).toEqual({ packets: [{ type: 'connack', sessionPresent: false, returnCode: 0 }], rest: new Uint8Array(0) });
    expect(readPackets(bytes(0x20, 2, 1, 5)).packets).toEqual([{ type: 'connack', sessionPresent: true, returnCode: 5 }]);
  });

  it('SUBACK granting QoS 1, and refusing (0x80)', () => {
    expect(readPackets(bytes(0x90, 3, 0, 1, 1)).packets).toEqual([{ type: 'suback', packetId: 1, granted: [1] }]);
    expect(readPackets(bytes(0x90, 3, 0, 1, 0x80)).packets).toEqual([{ type: 'suback', packetId: 1, granted: [0x80] }]);
  });

  it('PUBLISH QoS 0: topic and payload', () => {
    const { packets, rest, error } = readPackets(brokerPublish('a/b', '{"x":1}', 0));
    expect(error).toBeUndefined();
    expect(rest.length).toBe(0);
    expect(packets).toEqual([{ type: 'publish', topic: 'a/b', payload: Uint8Array.from(ascii('{"x":1}')), qos: 0, dup: false, retain: false }]);
  });

  it('PUBLISH QoS 1: the packet id the PUBACK must carry, and the DUP and RETAIN flags', () => {
    const [packet] = readPackets(brokerPublish('a/b', 'p', 1, 0xbeef, 0x09)).packets;
    expect(packet).toEqual({ type: 'publish', topic: 'a/b', payload: bytes(0x70), qos: 1, packetId: 0xbeef, dup: true, retain: true });
    expect(Array.from(encodePuback(0xbeef))).toEqual([0x40, 2, 0xbe, 0xef]);
  });

  it('PUBACK and PINGRESP', () => {
    expect(readPackets(bytes(0x40, 2, 0, 7, 0xd0, 0)).packets).toEqual([{ type: 'puback', packetId: 7 }, { type: 'pingresp' }]);
  });

  it('our own PUBLISH encoder and the reader agree', () => {
    const payload = new Uint8Array(300).fill(0x61);
    const [packet] = readPackets(encodePublish('apps/tilechat/users/u/messages/r/clientadded', payload, 1, 9)).packets;
    expect(packet).toMatchObject({ type: 'publish', topic: 'apps/tilechat/users/u/messages/r/clientadded', qos: 1, packetId: 9 });
    expect((packet as Extract<Packet, { type: 'publish' }>).payload).toEqual(payload);
  });
});

describe('readPackets: remaining lengths across the varint boundaries', () => {
  /** A QoS 0 PUBLISH whose remaining length is exactly `length`. */
  const publishOfLength = (length: number) => {
    const payloadLength = length - 2 - 1; // topic length field, topic "t"
    return encodePublish('t', new Uint8Array(payloadLength).fill(0x7a), 0);
  };

  it.each([
    [127, 1],
    [128, 2],
    [16_383, 2],
    [16_384, 3],
  ])('a packet of remaining length %i (%i varint bytes) is read whole, and waited for when one byte short', (length, varintBytes) => {
    const packet = publishOfLength(length);
    expect(packet.length).toBe(1 + varintBytes + length);
    const whole = readPackets(packet);
    expect(whole.packets).toHaveLength(1);
    expect((whole.packets[0] as Extract<Packet, { type: 'publish' }>).payload.length).toBe(length - 3);
    const short = readPackets(packet.subarray(0, packet.length - 1));
    expect(short).toEqual({ packets: [], rest: packet.subarray(0, packet.length - 1) });
  });

  it('a header cut inside its varint waits for the rest', () => {
    const packet = publishOfLength(16_384);
    expect(readPackets(packet.subarray(0, 2))).toEqual({ packets: [], rest: packet.subarray(0, 2) });
    expect(readPackets(packet.subarray(0, 1))).toEqual({ packets: [], rest: packet.subarray(0, 1) });
  });
});

describe('readPackets: frames that cut or join packets', () => {
  const connack = bytes(0x20, 2, 0, 0);
  const suback = bytes(0x90, 3, 0, 1, 1);
  const publish = brokerPublish('apps/tilechat/users/u/messages/r/clientadded', '{"text":"hi"}', 1, 5);

  it('several packets in one WebSocket message are all read, in order', () => {
    const { packets, rest } = readPackets(concat(connack, suback, publish, bytes(0xd0, 0)));
    expect(packets.map((p) => p.type)).toEqual(['connack', 'suback', 'publish', 'pingresp']);
    expect(rest.length).toBe(0);
  });

  it('a packet cut at every byte comes out once, whole, when its last byte arrives', () => {
    const stream = concat(connack, publish, suback);
    for (let cut = 0; cut <= stream.length; cut++) {
      const first = readPackets(stream.subarray(0, cut));
      const second = readPackets(concat(first.rest, stream.subarray(cut)));
      expect([...first.packets, ...second.packets].map((p) => p.type)).toEqual(['connack', 'publish', 'suback']);
      expect(second.rest.length).toBe(0);
    }
  });

  it('a stream fed one byte at a time gives the same packets', () => {
    const stream = concat(publish, connack, publish);
    let rest: Uint8Array = new Uint8Array(0);
    const seen: Packet[] = [];
    for (const byte of stream) {
      const result = readPackets(concat(rest, bytes(byte)));
      expect(result.error).toBeUndefined();
      seen.push(...result.packets);
      rest = result.rest;
    }
    expect(seen).toEqual(readPackets(stream).packets);
  });

  it('the payload handed out is a copy: reusing the buffer does not change it', () => {
    const buffer = concat(publish);
    const [packet] = readPackets(buffer).packets as Array<Extract<Packet, { type: 'publish' }>>;
    buffer.fill(0);
    expect(new TextDecoder().decode(packet!.payload)).toBe('{"text":"hi"}');
  });
});

describe('readPackets: malformed bytes are an error, never a throw', () => {
  it.each([
    ['a varint of five bytes', bytes(0x30, 0x80, 0x80, 0x80, 0x80, 0x01)],
    ['CONNACK of 3 bytes', bytes(0x20, 3, 0, 0, 0)],
    ['CONNACK with reserved bits', bytes(0x20, 2, 2, 0)],
    ['CONNACK with flags', bytes(0x21, 2, 0, 0)],
    ['SUBACK without return codes', bytes(0x90, 2, 0, 1)],
    ['SUBACK with return code 3', bytes(0x90, 3, 0, 1, 3)],
    ['PINGRESP with a body', bytes(0xd0, 1, 0)],
    ['PUBLISH QoS 3', bytes(0x36, 4, 0, 1, 0x74, 0)],
    ['PUBLISH whose topic runs past the packet', bytes(0x30, 3, 0, 9, 0x74)],
    ['PUBLISH with an empty topic', bytes(0x30, 2, 0, 0)],
    ['PUBLISH QoS 1 without a packet id', bytes(0x32, 3, 0, 1, 0x74)],
    ['PUBLISH QoS 1 with packet id 0', bytes(0x32, 5, 0, 1, 0x74, 0, 0)],
    ['PUBLISH whose topic is not UTF-8', bytes(0x30, 4, 0, 2, 0xc3, 0x28)],
    ['a CONNECT from the broker', bytes(0x10, 0)],
    ['a SUBSCRIBE from the broker', bytes(0x82, 0)],
    ['packet type 0', bytes(0x00, 0)],
    ['packet type 15', bytes(0xf0, 0)],
  ])('%s', (_, input) => {
    const result = readPackets(input);
    // The section of MQTT 3.1.1 the bytes break.
    expect(result.error).toMatch(/^§[23]\.\d+/);
    expect(result.packets).toEqual([]);
  });

  it('keeps the good packets before the bad one', () => {
    const result = readPackets(bytes(0x20, 2, 0, 0, 0xf0, 0));
    expect(result.packets).toEqual([{ type: 'connack', sessionPresent: false, returnCode: 0 }]);
    expect(result.error).toEqual(expect.any(String));
  });

  it('a packet over the size limit is refused from its header, before its body arrives', () => {
    const result = readPackets(bytes(0x30, 0x81, 0x80, 0x40), 1 << 20);
    expect(result.error).toBe('size');
  });

  it('any bytes at all: never a throw, and every packet read has a known type', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (input) => {
        const result = readPackets(input, 4096);
        for (const packet of result.packets) expect(['connack', 'publish', 'puback', 'suback', 'pingresp']).toContain(packet.type);
        expect(result.rest.length).toBeLessThanOrEqual(input.length);
      }),
    );
  });

  it('any cut of a valid stream reads the same packets (property)', () => {
    const stream = concat(bytes(0x20, 2, 0, 0), brokerPublish('a/b', 'x'.repeat(200), 1, 3), bytes(0x90, 3, 0, 1, 1));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 8 }), (cuts) => {
        const points = [...new Set([0, ...cuts, stream.length])].sort((a, b) => a - b);
        let rest: Uint8Array = new Uint8Array(0);
        const seen: string[] = [];
        for (let i = 1; i < points.length; i++) {
          const result = readPackets(concat(rest, stream.subarray(points[i - 1], points[i])));
          seen.push(...result.packets.map((p) => p.type));
          rest = result.rest;
        }
        expect(seen).toEqual(['connack', 'publish', 'suback']);
      }),
    );
  });
});
