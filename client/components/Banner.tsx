// The inner pages' banner band: the section's name over its banner photo (bannerPhotoPath) when it
// has one, over a quiet paper-and-ink band when not. The photo is decorative (the name is the text).
import type { ChannelNode } from '../../shared/channels.ts';

export default function Banner({ section }: { section: ChannelNode | undefined }) {
  if (!section) return null;
  return (
    <div className={`banner${section.banner ? ' banner--photo' : ''}`}>
      {section.banner && (
        <img className="banner__image" src={section.banner} alt="" width={1920} height={360} fetchPriority="high" decoding="async" />
      )}
      <div className="banner__inner">
        <p className="banner__title">{section.name}</p>
      </div>
    </div>
  );
}
