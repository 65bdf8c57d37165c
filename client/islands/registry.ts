// Each island's props and its module, loaded on demand in the browser (one chunk per island; React and
// what islands share sit in chunks of their own). An island's module is client/islands/<name>.tsx (the
// build's budget finds it there). The record is complete by type: an island listed in shared/islands.ts
// does not compile without its module here and its component in Island.tsx.
import type { ComponentType } from 'react';
import type { IslandName } from '../../shared/islands.ts';
import type { ExhibitStageProps } from '../components/ExhibitStage.tsx';
import type { ListenButtonProps } from '../components/ListenButton.tsx';
import type { MessageFormProps } from '../components/MessageForm.tsx';
import type { QuestionnaireFormProps } from '../components/QuestionnaireForm.tsx';
import type { SliderProps } from '../components/Slider.tsx';

export interface IslandProps {
  slider: SliderProps;
  messageForm: MessageFormProps;
  questionnaireForm: QuestionnaireFormProps;
  exhibitStage: ExhibitStageProps;
  listen: ListenButtonProps;
  readingGuide: Record<string, never>;
}

type IslandModules = { [N in IslandName]: () => Promise<{ default: ComponentType<IslandProps[N]> }> };

export const ISLAND_MODULES: IslandModules = {
  slider: () => import('./slider.tsx'),
  messageForm: () => import('./messageForm.tsx'),
  questionnaireForm: () => import('./questionnaireForm.tsx'),
  exhibitStage: () => import('./exhibitStage.tsx'),
  listen: () => import('./listen.tsx'),
  readingGuide: () => import('./readingGuide.tsx'),
};
