/// <reference types="vite/client" />

// Single-file components, for tsc (Vite compiles them with @vitejs/plugin-vue).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
