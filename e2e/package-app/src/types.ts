// Compiled by `tsc` only (no page loads it): the declarations are real types, not `any`, and the
// internal modules are not part of the package. Each `@ts-expect-error` fails the check if the
// line below it type-checks.
import { mount, type MountSettings } from 'porchlight';
import { PorchlightElement } from 'porchlight/element';

const element = document.createElement('div');
// @ts-expect-error settings are required
mount(element);
// @ts-expect-error a setting of the wrong type
mount(element, { projectid: 42 });
const settings: MountSettings = { projectid: 'p', apiUrl: 'https://api.example.com/v3', themeColor: '#123456' };
const chat = mount(element, settings);
const unsubscribe: () => void = chat.on('open', () => {});
unsubscribe();
// @ts-expect-error not a command of the instance
chat.explode();
export const elementClass: typeof HTMLElement = PorchlightElement;
// @ts-expect-error internal modules are not exported
export type Internal = typeof import('porchlight/dist-npm/index.js');
