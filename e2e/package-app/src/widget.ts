import { mount, type WidgetInstance } from 'porchlight';
import { settings } from './config.ts';

const chat: WidgetInstance = mount(document.getElementById('app')!, { ...settings, open: true });
chat.on('ready', () => document.body.setAttribute('data-ready', ''));
