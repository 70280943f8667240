import { describe, expect, it } from 'vitest';
import type { MqttEnd } from '../api/mqtt/mqttClient.ts';
import { INITIAL_PUSH_STATE, nextPushStep, PAUSE_MS, type PushOutcome, type PushPolicyState, RECONNECT_WITHIN_MS, tokenDue } from './pushPolicy.ts';

const half = () => 0.5;
const end = (reason: MqttEnd['reason'], wasUp = false): PushOutcome => ({ type: 'end', end: { reason, wasUp } });

/** Feeds outcomes at the given times; returns every step. */
function run(events: Array<[number, PushOutcome]>, random = half) {
  let state: PushPolicyState = INITIAL_PUSH_STATE;
  return events.map(([now, outcome]) => {
    const decision = nextPushStep(state, outcome, now, random);
    state = decision.state;
    return decision.step;
  });
}

describe('nextPushStep: the token call', () => {
  it.each([400, 401, 403, 404])('a %i (no Chat21 here, or not for this visitor) leaves it to polling for an hour', (status) => {
    expect(
      run([
        [0, { type: 'try' }],
        [50, { type: 'token-refused', status }],
      ])[1],
    ).toEqual({ do: 'poll', retryAt: 50 + PAUSE_MS });
  });

  it('an answer with no usable token leaves it to polling for an hour', () => {
    expect(run([[0, { type: 'token-unusable' }]])[0]).toEqual({ do: 'poll', retryAt: PAUSE_MS });
  });

  it.each<[string, PushOutcome]>([
    ['a 5xx', { type: 'token-refused', status: 503 }],
    ['a 429', { type: 'token-refused', status: 429 }],
    ['no answer', { type: 'token-failed' }],
  ])('%s is tried again after a backoff', (_, outcome) => {
    expect(
      run([
        [0, { type: 'try' }],
        [10, outcome],
      ])[1],
    ).toEqual({ do: 'connect', afterMs: 1500, renewToken: false });
  });
});

describe('nextPushStep: 1002 closes', () => {
  it('the first: a new token, at once', () => {
    expect(
      run([
        [0, { type: 'try' }],
        [60, end('refused')],
      ])[1],
    ).toEqual({ do: 'connect', afterMs: 0, renewToken: true });
  });

  it('two in a row: polling for an hour', () => {
    const steps = run([
      [0, { type: 'try' }],
      [60, end('refused')],
      [300, end('refused')],
    ]);
    expect(steps[2]).toEqual({ do: 'poll', retryAt: 300 + PAUSE_MS });
  });

  it('a connection up in between starts the count again (a token that expired while connected)', () => {
    const steps = run([
      [0, { type: 'try' }],
      [60, end('refused')],
      [300, { type: 'up' }],
      [90_000, end('refused', true)],
    ]);
    expect(steps[3]).toEqual({ do: 'connect', afterMs: 0, renewToken: true });
  });
});

describe('nextPushStep: a first connection', () => {
  it('one that hangs (no CONNACK and SUBACK in 10 s) leaves it to polling for an hour', () => {
    expect(
      run([
        [0, { type: 'try' }],
        [10_000, end('timeout')],
      ])[1],
    ).toEqual({ do: 'poll', retryAt: 10_000 + PAUSE_MS });
  });

  it('fast failures are tried again with a growing backoff, until 10 s have passed without a connection', () => {
    const steps = run([
      [0, { type: 'try' }],
      [100, end('lost')],
      [1_700, end('lost')],
      [4_800, end('lost')],
    ]);
    expect(steps.slice(1)).toEqual([
      { do: 'connect', afterMs: 1_500, renewToken: false },
      { do: 'connect', afterMs: 3_000, renewToken: false },
      // the next one, 6 s later, would be past the 10 s
      { do: 'poll', retryAt: 4_800 + PAUSE_MS },
    ]);
  });

  it('a broker that breaks the protocol: polling for an hour', () => {
    expect(run([[0, end('malformed', true)]])[0]).toEqual({ do: 'poll', retryAt: PAUSE_MS });
  });
});

describe('nextPushStep: a live connection lost', () => {
  it('reconnects after 1–2 s, then longer, up to 15–30 s', () => {
    const delays = (random: () => number) => {
      const steps = run(
        [[0, { type: 'up' }], [1_000, end('lost', true)], ...Array.from({ length: 8 }, (_, i): [number, PushOutcome] => [2_000 + i * 31_000, end('lost')])],
        random,
      );
      return steps.slice(1).map((step) => (step.do === 'connect' ? step.afterMs : step.do));
    };
    expect(delays(() => 0)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000]);
    expect(delays(() => 1)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('a reconnect that hangs is tried again, not given up at once', () => {
    const steps = run([
      [0, { type: 'up' }],
      [1_000, end('lost', true)],
      [12_500, end('timeout')],
    ]);
    expect(steps[2]).toEqual({ do: 'connect', afterMs: 3_000, renewToken: false });
  });

  it('gives up for an hour when no reconnect succeeds within 5 minutes', () => {
    const dropped = 1_000;
    const events: Array<[number, PushOutcome]> = [
      [0, { type: 'up' }],
      [dropped, end('lost', true)],
    ];
    for (let t = 2_000; t < dropped + RECONNECT_WITHIN_MS + 60_000; t += 30_000) events.push([t, end('lost')]);
    const steps = run(events);
    const first = steps.findIndex((step) => step.do === 'poll');
    expect(steps[first]).toEqual({ do: 'poll', retryAt: events[first]![0] + PAUSE_MS });
    // every try it asked for falls within the 5 minutes after the drop
    steps.slice(1, first).forEach((step, i) => {
      expect(step.do).toBe('connect');
      if (step.do === 'connect') expect(events[i + 1]![0] + step.afterMs - dropped).toBeLessThan(RECONNECT_WITHIN_MS);
    });
  });

  it('a connection up again starts afresh: the next drop waits 1–2 s again', () => {
    const steps = run([
      [0, { type: 'up' }],
      [1_000, end('lost', true)],
      [2_500, end('lost')],
      [6_000, { type: 'up' }],
      [60_000, end('lost', true)],
    ]);
    expect(steps[4]).toEqual({ do: 'connect', afterMs: 1_500, renewToken: false });
  });
});

describe('tokenDue', () => {
  it('a token is renewed a day before it expires; one without exp is renewed only after a 1002', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(tokenDue({ userid: 'u', token: 't', expiresAt: 30 * day }, 28 * day)).toBe(false);
    expect(tokenDue({ userid: 'u', token: 't', expiresAt: 30 * day }, 29 * day)).toBe(true);
    expect(tokenDue({ userid: 'u', token: 't', expiresAt: 30 * day }, 31 * day)).toBe(true);
    expect(tokenDue({ userid: 'u', token: 't' }, 31 * day)).toBe(false);
  });
});
