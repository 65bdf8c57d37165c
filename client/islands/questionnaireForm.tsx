// The questionnaireForm island's module: what the browser loads when it wakes (client/islands/registry.ts).
export { default } from '../components/QuestionnaireForm.tsx';
