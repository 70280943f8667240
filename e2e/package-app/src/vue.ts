import { createApp, h, ref } from 'vue';
import { Porchlight } from 'porchlight/vue';
import { settings } from './config.ts';

const title = ref('Help desk');
const shown = ref(true);
const mounted = ref('none');

createApp({
  setup() {
    return () => [
      h('button', { type: 'button', onClick: () => (title.value = 'Renamed desk') }, 'Rename'),
      h('button', { type: 'button', onClick: () => (shown.value = false) }, 'Remove'),
      h('output', mounted.value),
      shown.value
        ? h(Porchlight, {
            ...settings,
            open: true,
            'widget-title': title.value,
            onInstance: (instance: unknown) => (mounted.value = instance ? 'mounted' : 'none'),
          })
        : null,
    ];
  },
}).mount('#app');
