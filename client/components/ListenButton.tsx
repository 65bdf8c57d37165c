// The spoken guide: reads the exhibit's commentary aloud with the browser's own speech synthesis, in the
// page's language. It appears only after hydration and only where the browser has a voice for that
// language (voices may arrive after the page, with `voiceschanged`), so the server's HTML, a visitor
// without JavaScript and a browser without a voice see no control that cannot work. Speech stops when
// the visitor leaves the page.
import { useEffect, useRef, useState, type Ref } from 'react';
import { ViewerIcon, type ViewerIconName } from './ViewerControls.tsx';
import { useViewerT } from './viewer-texts.ts';

export interface Speech {
  lang: 'zh-CN' | 'en';
  text: string;
}

type ListenState = 'idle' | 'speaking' | 'paused';

/** The browser's voice for `lang` (its exact tag first, then any of the same language); null when none. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | null {
  const tag = lang.toLowerCase();
  const language = tag.split('-')[0]!;
  const norm = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  return voices.find((v) => norm(v) === tag) ?? voices.find((v) => norm(v).split('-')[0] === language) ?? null;
}

/** The voice for `lang` once the browser lists it; null while it has none (or no speech synthesis). */
function useVoice(lang: string): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const synth = window.speechSynthesis;
    const pick = () => setVoice(voiceFor(synth.getVoices(), lang));
    pick();
    synth.addEventListener('voiceschanged', pick);
    return () => synth.removeEventListener('voiceschanged', pick);
  }, [lang]);
  return voice;
}

export default function ListenButton({ speech }: { speech: Speech }) {
  const vt = useViewerT();
  const voice = useVoice(speech.lang);
  const [state, setState] = useState<ListenState>('idle');
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const main = useRef<HTMLButtonElement>(null);

  // Leaving the page (or another exhibit's text) ends what is being read.
  useEffect(
    () => () => {
      if (current.current) window.speechSynthesis.cancel();
      current.current = null;
    },
    [speech.text],
  );

  if (!voice) return null;
  const synth = window.speechSynthesis;

  const listen = () => {
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(speech.text);
    utterance.lang = speech.lang;
    utterance.voice = voice;
    const ended = () => {
      if (current.current !== utterance) return;
      current.current = null;
      setState('idle');
    };
    utterance.addEventListener('end', ended);
    utterance.addEventListener('error', ended);
    current.current = utterance;
    synth.speak(utterance);
    setState('speaking');
  };
  const pause = () => {
    synth.pause();
    setState('paused');
  };
  const resume = () => {
    synth.resume();
    setState('speaking');
  };
  const stop = () => {
    current.current = null;
    synth.cancel();
    setState('idle');
    // The stop button goes away; the listen button takes the focus it had.
    main.current?.focus();
  };

  // One button changes its part (listen, pause, resume) in place, so focus stays on it.
  const [icon, label, onClick]: [ViewerIconName, string, () => void] =
    state === 'idle'
      ? ['play', vt('listen'), listen]
      : state === 'speaking'
        ? ['pause', vt('listenPause'), pause]
        : ['play', vt('listenResume'), resume];
  return (
    <span className="listen">
      <ListenControl ref={main} icon={icon} label={label} onClick={onClick} pressed={state !== 'idle'} />
      {state !== 'idle' && <ListenControl icon="stop" label={vt('listenStop')} onClick={stop} />}
    </span>
  );
}

interface ListenControlProps {
  icon: ViewerIconName;
  label: string;
  onClick: () => void;
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

function ListenControl({ icon, label, onClick, pressed = false, ref }: ListenControlProps) {
  return (
    <button ref={ref} type="button" className={`listen__button${pressed ? ' listen__button--on' : ''}`} onClick={onClick}>
      <ViewerIcon name={icon} size={16} />
      <span>{label}</span>
    </button>
  );
}
