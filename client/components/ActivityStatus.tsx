// A status word of an activity (shared/activity.ts), coloured by its tone; the word itself carries
// the meaning, the colour only repeats it.
import type { CodeWord } from '../../shared/activity.ts';

export default function ActivityStatus({ word, className }: { word: CodeWord; className?: string }) {
  return <span className={`status-word status-word--${word.tone}${className ? ` ${className}` : ''}`}>{word.text}</span>;
}
