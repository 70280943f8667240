import { MQTT_PATH } from '../demo/server/chat21Broker.ts';
import { pushCases, pushTest } from './pushCases.ts';

/** Issue 24 against the demo's own broker: what `npm run demo` serves at `/mqws/ws`. */
const test = pushTest(async (startDemo) => {
  const demo = await startDemo({});
  return { demo, endpoint: MQTT_PATH, socketPath: MQTT_PATH, close: () => demo.close() };
});

pushCases(test);
