// The exhibitStage island's module: what the browser loads when it wakes (client/islands/registry.ts).
export { default } from '../components/ExhibitStage.tsx';
