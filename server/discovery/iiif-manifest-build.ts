// The IIIF Presentation 3.0 documents themselves: an exhibit's Manifest (one Canvas per picture, each
// painted by one Image with its Image API service) and a temporary exhibition's Collection of its
// exhibits' manifests. Pure: records and measured pictures in, JSON out. Every id is absolute, made from
// the origin the request is answered at. Labels and values are language maps keyed by the record's
// language (`zh`, `en`, or `none` for a record that names none); the names of the metadata fields, the
// statement's label and the museum's name come in both languages.
import { exhibitSection } from '../../shared/exhibits.ts';
import { t, type UiKey } from '../../shared/i18n.ts';
import { IIIF_PRESENTATION_CONTEXT, IIIF_PROFILE, collectionPath, manifestPath } from '../../shared/iiif.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { recordPath } from '../../shared/links.ts';
import { homePath, toEnglishPath, type Lang } from '../../shared/route-table.ts';
import { plainText } from '../../shared/text.ts';
import { recordLang, type ExhibitRecord, type ExhibitionRecord, type MeasuredPicture } from './iiif-manifest-records.ts';

/** A language map: text by BCP 47 tag, `none` for text of no known language. */
type LanguageMap = Record<string, string[]>;

interface Resource {
  id: string;
  type: string;
  [property: string]: unknown;
}

/** What the documents say of the site: where they are answered, and the operator's statements. */
export interface ManifestSite {
  /** The origin ids are made with (PUBLIC_URL, else the request's plain origin). */
  origin: string;
  /** IIIF_RIGHTS ('' = none stated). */
  rights: string;
  /** IIIF_ATTRIBUTION ('' = the museum's name). */
  attribution: string;
}

/** The width of the manifest's thumbnail (the image service makes it). */
const THUMBNAIL_WIDTH = 300;

const LANGS: readonly Lang[] = ['zh', 'en'];

const bothLanguages = (key: UiKey): LanguageMap => ({ zh: [t('zh', key)], en: [t('en', key)] });

const inLanguage = (lang: Lang | null, text: string): LanguageMap => ({ [lang ?? 'none']: [text] });

/** The object page's address in a language (the collection list it belongs to, plus its id). */
function exhibitPagePath(x: ExhibitRecord['exhibit'], lang: Lang): string {
  const list = `/Collection/${exhibitSection(x)}`;
  return recordPath(lang === 'en' ? toEnglishPath(list) : list, x.exhibitId);
}

function exhibitionPagePath(id: string, lang: Lang): string {
  const list = '/Exhibition/TempExh';
  return recordPath(lang === 'en' ? toEnglishPath(list) : list, id);
}

/**
 * The record's pages: in its own language, or on both sites when it names none (the pages show such a
 * record at either address).
 */
function homepages(site: ManifestSite, lang: Lang | null, label: string, pathIn: (lang: Lang) => string): Resource[] {
  return (lang ? [lang] : LANGS).map((l) => ({
    id: `${site.origin}${pathIn(l)}`,
    type: 'Text',
    label: inLanguage(lang, label),
    format: 'text/html',
    language: [l],
  }));
}

/** What every document of the site says of its rights and its maker. */
function statements(site: ManifestSite): Record<string, unknown> {
  const museum = bothLanguages('site.title');
  return {
    ...(site.rights ? { rights: site.rights } : {}),
    requiredStatement: {
      label: { zh: ['版权'], en: ['Attribution'] },
      value: site.attribution ? { none: [site.attribution] } : museum,
    },
    provider: [
      {
        id: `${site.origin}/#museum`,
        type: 'Agent',
        label: museum,
        homepage: LANGS.map((l) => ({
          id: `${site.origin}${homePath(l)}`,
          type: 'Text',
          label: { [l]: [t(l, 'site.title')] },
          format: 'text/html',
          language: [l],
        })),
        logo: [{ id: `${site.origin}/logo.svg`, type: 'Image', format: 'image/svg+xml' }],
      },
    ],
  };
}

/** A reference to a picture's image service, with the profile its info.json states. */
const imageService = (site: ManifestSite, service: string): Resource => ({
  id: `${site.origin}${service}`,
  type: 'ImageService3',
  profile: IIIF_PROFILE,
});

function canvas(site: ManifestSite, manifestId: string, picture: MeasuredPicture, n: number): Resource {
  const id = `${manifestId}/canvas/${n}`;
  const { width, height } = picture;
  return {
    id,
    type: 'Canvas',
    label: { none: [String(n)] },
    width,
    height,
    items: [
      {
        id: `${id}/page`,
        type: 'AnnotationPage',
        items: [
          {
            id: `${id}/page/image`,
            type: 'Annotation',
            motivation: 'painting',
            body: {
              id: `${site.origin}${picture.service}/full/max/0/default.jpg`,
              type: 'Image',
              format: 'image/jpeg',
              width,
              height,
              service: [imageService(site, picture.service)],
            },
            target: id,
          },
        ],
      },
    ],
  };
}

/** The first picture at the thumbnail's width (never wider than the picture: the service does not upscale). */
function thumbnail(site: ManifestSite, picture: MeasuredPicture): Resource {
  const width = Math.min(THUMBNAIL_WIDTH, picture.width);
  const height = Math.max(1, Math.round((picture.height * width) / picture.width));
  return {
    id: `${site.origin}${picture.service}/full/${width},/0/default.jpg`,
    type: 'Image',
    format: 'image/jpeg',
    width,
    height,
    service: [imageService(site, picture.service)],
  };
}

/** The exhibit's facts as the object page lists them, with their names in both languages. */
function metadata(record: ExhibitRecord): Array<{ label: LanguageMap; value: LanguageMap }> {
  const x = record.exhibit;
  const rows: Array<[UiKey, string]> = [
    ['col.name', x.exhibitName],
    ['col.type', record.typeName],
    ['col.level', record.levelName],
    ['col.age', x.age],
    ['col.ageDetail', x.ageDetail],
    ['col.size', x.size],
    ['col.unit', x.collectionUnit],
    ['col.source', x.extension6],
  ];
  return rows
    .map(([key, value]) => ({ key, value: plainText(value) }))
    .filter((row) => row.value !== '')
    .map(({ key, value }) => ({ label: bothLanguages(key), value: inLanguage(record.lang, value) }));
}

export function exhibitManifest(site: ManifestSite, record: ExhibitRecord, pictures: readonly MeasuredPicture[]): Resource {
  const x = record.exhibit;
  const id = `${site.origin}${manifestPath(x.exhibitId)}`;
  const name = plainText(x.exhibitName) || x.exhibitId;
  const summary = plainText(x.description);
  return {
    '@context': IIIF_PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: inLanguage(record.lang, name),
    ...(summary ? { summary: inLanguage(record.lang, summary) } : {}),
    metadata: metadata(record),
    ...statements(site),
    homepage: homepages(site, record.lang, name, (l) => exhibitPagePath(x, l)),
    ...(pictures[0] ? { thumbnail: [thumbnail(site, pictures[0])] } : {}),
    items: pictures.map((p, i) => canvas(site, id, p, i + 1)),
  };
}

/** A temporary exhibition as a Collection of its exhibits' manifests (referenced, not embedded). */
export function exhibitionCollection(site: ManifestSite, record: ExhibitionRecord): Resource {
  const e = record.exhibition;
  const name = plainText(e.tempName) || e.exhibitionTempId;
  const summary = plainText(e.description);
  return {
    '@context': IIIF_PRESENTATION_CONTEXT,
    id: `${site.origin}${collectionPath(e.exhibitionTempId)}`,
    type: 'Collection',
    label: inLanguage(record.lang, name),
    ...(summary ? { summary: inLanguage(record.lang, summary) } : {}),
    ...statements(site),
    homepage: homepages(site, record.lang, name, (l) => exhibitionPagePath(e.exhibitionTempId, l)),
    items: record.exhibits
      // An id the manifest route would refuse has no manifest to list.
      .filter((x) => RECORD_ID.test(x.exhibitId))
      .map((x) => ({
        id: `${site.origin}${manifestPath(x.exhibitId)}`,
        type: 'Manifest',
        label: inLanguage(recordLang(x.languageType), plainText(x.exhibitName) || x.exhibitId),
      })),
  };
}
