import { createAirlock } from '@airlock/vue';
import { createApp } from 'vue';
import App from './App.vue';
import { FRAME_URL, network, PROJECT_ID } from './network.ts';

// The plugin creates the widget when the app mounts in the browser (never during server rendering).
createApp(App)
  .use(createAirlock({ options: { projectId: PROJECT_ID, networks: [network], frameUrl: FRAME_URL } }))
  .mount('#app');
