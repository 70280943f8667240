import { describe, expect, it } from 'vitest';
import { mqttEndpoint } from './mqttEndpoint.ts';

describe('mqttEndpoint', () => {
  it('a path is resolved on the API’s origin: wss for https, ws for http', () => {
    expect(mqttEndpoint('/mqws/ws', 'https://api.example.com/v3')).toBe('wss://api.example.com/mqws/ws');
    expect(mqttEndpoint('/mqws/ws', 'http://127.0.0.1:3000/v3')).toBe('ws://127.0.0.1:3000/mqws/ws');
    expect(mqttEndpoint('/ws?x=1', 'https://api.example.com:8443/v3/')).toBe('wss://api.example.com:8443/ws?x=1');
  });

  it('a ws(s) URL is taken as given, without its fragment', () => {
    expect(mqttEndpoint('wss://mqtt.example.com/ws', 'https://api.example.com/v3')).toBe('wss://mqtt.example.com/ws');
    expect(mqttEndpoint('ws://localhost:15675/ws', 'https://api.example.com/v3')).toBe('ws://localhost:15675/ws');
    expect(mqttEndpoint('  WSS://mqtt.example.com/ws#x ', 'https://api.example.com/v3')).toBe('wss://mqtt.example.com/ws');
  });

  it('an API URL relative to the page takes the page’s origin', () => {
    expect(mqttEndpoint('/mqws/ws', '/v3', 'https://shop.example.com/p/1')).toBe('wss://shop.example.com/mqws/ws');
  });

  it.each([
    ['an http URL', 'https://mqtt.example.com/ws'],
    ['a relative path', 'mqws/ws'],
    ['a path to another host', '//evil.example.com/ws'],
    ['a backslash path to another host', '/\\evil.example.com/ws'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an empty string', ''],
    ['a broken ws URL', 'wss://'],
    ['true', true],
    ['a number', 15675],
    ['undefined', undefined],
  ])('no endpoint for %s', (_, setting) => {
    expect(mqttEndpoint(setting, 'https://api.example.com/v3')).toBeNull();
  });

  it('no endpoint for a path when the API URL cannot be resolved', () => {
    expect(mqttEndpoint('/mqws/ws', '/v3')).toBeNull();
    expect(mqttEndpoint('/mqws/ws', 'not a url', 'also not')).toBeNull();
  });
});
