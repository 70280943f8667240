import { test as base } from '@playwright/test';
import { pushCases, pushTest } from './pushCases.ts';
import { rabbitMqInstalled, startRabbitMq } from './rabbitmq.ts';

/**
 * Issue 24 §7 against the real broker: a private RabbitMQ configured as Chat21's deployments
 * configure it (e2e/rabbitmq.ts), the demo's Chat21 publishing into it, the page's `mqttEndpoint`
 * its web-MQTT URL. Skipped only where Debian's rabbitmq-server is missing and this is not CI
 * (`.ci/run` installs it).
 */
const SECRET = 'porchlight-e2e-chat21-secret';

base.skip(!rabbitMqInstalled() && !process.env.CI, 'rabbitmq-server is not installed');

const test = pushTest(async (startDemo) => {
  const rabbit = await startRabbitMq({ secret: SECRET });
  const demo = await startDemo({ chat21Secret: SECRET, chat21Broker: rabbit.wsUrl });
  await demo.chat21.ready();
  return {
    demo,
    endpoint: rabbit.wsUrl,
    socketPath: new URL(rabbit.wsUrl).pathname,
    restartBroker: () => rabbit.restart(),
    async close() {
      await demo.close();
      await rabbit.stop();
    },
  };
});

pushCases(test);
