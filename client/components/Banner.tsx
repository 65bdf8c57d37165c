// The inner pages' banner band: the section's name over its banner photo (bannerPhotoPath) when it
// has one, over a quiet paper-and-ink band when not. The photo is decorative (the name is the text).
import type { ChannelNode } from '../../shared/channels.ts';
import { fileUrl, variantSrcSet } from '../../shared/file-url.ts';
import { useFrame } from '../frame.ts';

export default function Banner({ section }: { section: ChannelNode | undefined }) {
  const { filePrefix } = useFrame();
  if (!section) return null;
  // bannerPhotoPath is relative to the service's file prefix like every file field.
  const photo = fileUrl(section.banner, filePrefix);
  // A phone's band (140 px high, about 412 wide) takes the 1000 px variant, not the 1920 px original;
  // a wider screen's band (240 px high, cropped from the photo's full width) keeps the original.
  const variants = variantSrcSet(photo, filePrefix, [1000]);
  return (
    <div className={`banner${photo ? ' banner--photo' : ''}`}>
      {photo && (
        <img
          className="banner__image"
          src={photo}
          srcSet={variants ? `${variants}, ${photo} 1920w` : undefined}
          sizes={variants ? '(max-width: 767px) 100vw, 1920px' : undefined}
          alt=""
          width={1920}
          height={360}
          fetchPriority="high"
          decoding="async"
        />
      )}
      <div className="banner__inner">
        <p className="banner__title">{section.name}</p>
      </div>
    </div>
  );
}
