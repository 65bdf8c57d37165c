// The spoken guide, an island: reads the exhibit's commentary aloud with the browser's own speech
// synthesis, in the page's language. The server renders its listen button marked as needing script, which
// the stylesheet shows only once the islands' script runs (a visitor without JavaScript sees no control
// that cannot work); the island wakes at the visitor's first touch, and a press before then is given to it
// once it is live. Live, it goes away where the browser cannot speak the language (no speech synthesis,
// or a voice list without that language; voices may arrive after the page, with `voiceschanged`). Speech
// stops when the visitor leaves the page.
import { useEffect, useRef, useState, type Ref } from 'react';
import { NEEDS_SCRIPT_ATTR } from '../../shared/islands.ts';
import { ViewerIcon, type ViewerIconName } from './ViewerControls.tsx';
import { useViewerT } from './viewer-texts.ts';

export interface Speech {
  lang: 'zh-CN' | 'en';
  text: string;
}

type ListenState = 'idle' | 'speaking' | 'paused';

export interface ListenButtonProps {
  speech: Speech;
}

/**
 * The browser's voice for `lang` (its exact tag first, then any of the same language); null when none.
 * @internal test hook: the choice is tested over voice lists no test browser has.
 */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | null {
  const tag = lang.toLowerCase();
  const language = tag.split('-')[0]!;
  const norm = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  return voices.find((v) => norm(v) === tag) ?? voices.find((v) => norm(v).split('-')[0] === language) ?? null;
}

/**
 * What the browser offers for `lang`: `pending` on the server and before the island is live (the server's
 * button shows), `none` without speech synthesis or when its voice list lacks the language, else the
 * voice (null while the browser has not listed its voices yet: it speaks with its default for the language).
 */
function useVoice(lang: string): 'pending' | 'none' | { voice: SpeechSynthesisVoice | null } {
  const [found, setFound] = useState<'pending' | 'none' | { voice: SpeechSynthesisVoice | null }>('pending');
  useEffect(() => {
    if (!('speechSynthesis' in window)) return setFound('none');
    const synth = window.speechSynthesis;
    const pick = () => {
      const voices = synth.getVoices();
      const voice = voiceFor(voices, lang);
      setFound(voices.length > 0 && !voice ? 'none' : { voice });
    };
    pick();
    synth.addEventListener('voiceschanged', pick);
    return () => synth.removeEventListener('voiceschanged', pick);
  }, [lang]);
  return found;
}

export default function ListenButton({ speech }: ListenButtonProps) {
  const vt = useViewerT();
  const found = useVoice(speech.lang);
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

  if (found === 'none') return null;
  if (found === 'pending') {
    return (
      <span className="listen" {...{ [NEEDS_SCRIPT_ATTR]: '' }}>
        <ListenControl icon="play" label={vt('listen')} action="listen" />
      </span>
    );
  }
  const synth = window.speechSynthesis;

  const listen = () => {
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(speech.text);
    utterance.lang = speech.lang;
    if (found.voice) utterance.voice = found.voice;
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
      <ListenControl ref={main} icon={icon} label={label} onClick={onClick} pressed={state !== 'idle'} action="listen" />
      {state !== 'idle' && <ListenControl icon="stop" label={vt('listenStop')} onClick={stop} />}
    </span>
  );
}

interface ListenControlProps {
  icon: ViewerIconName;
  label: string;
  onClick?: () => void;
  pressed?: boolean;
  /** The island action a press before the island is live is held for (client/islands.client.ts). */
  action?: string;
  ref?: Ref<HTMLButtonElement>;
}

function ListenControl({ icon, label, onClick, pressed = false, action, ref }: ListenControlProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={`listen__button${pressed ? ' listen__button--on' : ''}`}
      data-action={action}
      onClick={onClick}
    >
      <ViewerIcon name={icon} size={16} />
      <span>{label}</span>
    </button>
  );
}
