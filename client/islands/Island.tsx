// An island as the server renders it, inside the page: the island's own root (client/islands/root.tsx)
// rendered to HTML on its own, with an id prefix of its own, inside the island element that carries its
// props and frame as JSON for the browser to hydrate it with. The page's render collects which islands it
// rendered (IslandsRendered), so the engine adds the islands' script only to pages that have one.
import { createContext, createElement, useContext, useId, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { textsOf } from '../../shared/i18n.ts';
import { ISLAND_ATTR, ISLAND_TAG, ISLANDS, type IslandName } from '../../shared/islands.ts';
import ExhibitStage from '../components/ExhibitStage.tsx';
import ListenButton from '../components/ListenButton.tsx';
import MessageForm from '../components/MessageForm.tsx';
import QuestionnaireForm from '../components/QuestionnaireForm.tsx';
import ReadingGuide from '../components/ReadingGuide.tsx';
import Slider from '../components/Slider.tsx';
import { islandFrame, useFrame, type FrameData } from '../frame.ts';
import type { IslandProps } from './registry.ts';
import IslandRoot from './root.tsx';

const COMPONENTS: { [N in IslandName]: ComponentType<IslandProps[N]> } = {
  slider: Slider,
  messageForm: MessageForm,
  questionnaireForm: QuestionnaireForm,
  exhibitStage: ExhibitStage,
  listen: ListenButton,
  readingGuide: ReadingGuide,
};

/** The islands one page render produced (the engine provides a set per render). */
export const IslandsRendered = createContext<Set<IslandName> | null>(null);

export default function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps[N] }) {
  const frame = islandFrame(useFrame());
  // Unique in the page and the same on every render of it: the island's ids cannot meet the page's.
  const prefix = `i${useId().replace(/[^A-Za-z0-9]/g, '')}-`;
  useContext(IslandsRendered)?.add(name);
  return <IslandHtml name={name} props={props} frame={frame} prefix={prefix} />;
}

/** Uses no hooks of the page's render: the island's root is a render of its own. */
function IslandHtml<N extends IslandName>({
  name,
  props,
  frame,
  prefix,
}: {
  name: N;
  props: IslandProps[N];
  frame: FrameData;
  prefix: string;
}) {
  const Component = COMPONENTS[name] as ComponentType<IslandProps[N]>;
  const json = JSON.stringify(props);
  const texts = textsOf(frame.lang, ISLANDS[name].texts);
  // Rendered from the props as the browser will read them back, so both sides render the same values.
  const html = renderToString(
    <IslandRoot frame={frame} texts={texts}>
      <Component {...(JSON.parse(json) as IslandProps[N])} />
    </IslandRoot>,
    { identifierPrefix: prefix },
  );
  return createElement(ISLAND_TAG, {
    [ISLAND_ATTR.name]: name,
    [ISLAND_ATTR.when]: ISLANDS[name].when,
    [ISLAND_ATTR.prefix]: prefix,
    [ISLAND_ATTR.props]: json,
    [ISLAND_ATTR.frame]: JSON.stringify(frame),
    [ISLAND_ATTR.texts]: JSON.stringify(texts),
    dangerouslySetInnerHTML: { __html: html },
  });
}
