// What the exhibition and collection loaders hand their screens: plain JSON, every date formatted,
// every link and image source list derived, so components only render.
import type { ExhibitionPhase, MapPoint } from './exhibits.ts';
import type { FilterLink, GalleryImage, ListItem, Paging, ViewLink } from './view-parts.ts';

export type ExhibitionKind = 'base' | 'temp';

export interface ExhibitionCard {
  id: string;
  kind: ExhibitionKind;
  title: string;
  /** `YYYY.MM.DD - YYYY.MM.DD`; one side when the other is missing. */
  dates: string;
  /** True when there is a start but no end (long-term display). */
  openEnded: boolean;
  place: string;
  phase: ExhibitionPhase;
  /** Image sources in the order to try. */
  image: string[];
  /** Plain-text summary (≤ 100 characters). */
  summary: string;
  link: ViewLink | null;
}

export interface ExhibitionListData extends Paging {
  kind: ExhibitionKind;
  /** Temporary exhibitions: on view / coming / past filter links (`?type=`); empty for base ones. */
  states: FilterLink[];
  items: ExhibitionCard[];
}

export interface ExhibitionDetailData {
  kind: ExhibitionKind;
  id: string;
  title: string;
  dates: string;
  openEnded: boolean;
  place: string;
  phase: ExhibitionPhase;
  /** The lead picture (sources to try); empty when there is none. */
  image: string[];
  /** The pictures filed with the exhibition. */
  gallery: GalleryImage[];
  /** Sanitized HTML of the description. */
  html: string;
  /** Base exhibitions: where on the floor plan; null when unknown. */
  map: MapPoint | null;
  /** The exhibition's own site, when it has one. */
  ownSite: string | null;
  /** Temporary exhibitions: their exhibits (collection cards). */
  exhibits: ListItem[];
  /** The IIIF collection of its exhibits (its absolute address): temporary exhibitions with exhibits; else null. */
  iiif: { collection: string } | null;
  /** The list this detail belongs to. */
  back: string;
}

export interface CollectionListData extends Paging {
  section: string;
  /** The active type filter ('' = all). */
  type: string;
  /** "All" then every exhibit type (`?type=`), as links. */
  types: FilterLink[];
  /** The active level filter ('' = all): a code of the EXHIBIT_LEVEL dictionary. */
  level: string;
  /** "All" then every EXHIBIT_LEVEL entry by its name (`?level=`); empty without the dictionary. */
  levels: FilterLink[];
  /** The active period filter ('' = all): an `age` value of the collection's records. */
  age: string;
  /** "All" then the periods of the collection in time order (`?age=`); empty when none are known. */
  ages: FilterLink[];
  /** Collection cards (1:1 picture, name, period as subtitle). */
  items: ListItem[];
}

/** One labelled fact of an exhibit; the label is a UI string key, the value is content. */
export interface ExhibitFact {
  key: 'col.type' | 'col.age' | 'col.ageDetail' | 'col.size' | 'col.level' | 'col.unit' | 'col.source';
  value: string;
}

export interface ExhibitDetailData {
  id: string;
  title: string;
  image: string[];
  /** Every picture of the exhibit (its thumb list, then its display files). */
  gallery: GalleryImage[];
  facts: ExhibitFact[];
  /** Sanitized HTML. */
  html: string;
  /** Sanitized HTML of the explanation (commentary); '' when none. */
  explanation: string;
  /** The main picture's IIIF image service and whole picture, when it is a file of the store; else null. */
  zoom: { service: string; full: string } | null;
  /** The 3D model: a glTF file of this site a viewer can load, or a page to link to; null when none. */
  model: { kind: 'gltf'; url: string } | { kind: 'link'; url: string } | null;
  /** The explanation as plain text for the browser's speech synthesis, in the page's language; null when none. */
  speech: { lang: 'zh-CN' | 'en'; text: string } | null;
  /** The exhibit's IIIF manifest (its absolute address), when it has at least one picture in the store; else null. */
  iiif: { manifest: string } | null;
  back: string;
}
