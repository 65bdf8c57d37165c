// The deterministic demo content of the reference content service.
//
//   generateDemoContent(seed?)        every record of both sites (pure, same seed → same content)
//   demoFiles(content)                the files those records refer to (store paths, relative to the files folder)
//   writeDemoFiles(dir, content)      writes them: images (+ THUMB, WATER), the PDF, the video, 3D models
//   GALLERY_MARKER                    marks where an article's image gallery goes; screens strip it
export { generateDemoContent, DEFAULT_SEED } from './generate.ts';
export { demoFiles, writeDemoFiles, type WriteOptions } from './files.ts';
export { GALLERY_MARKER, PDF_FILE, PDF_FILE_ZH, VIDEO_FILES } from './articles.ts';
export { CHANNEL_PLAN, listChannels, siteChannelNo, type ChannelKind } from './channels.ts';
export { DICTIONARIES } from './dictionaries.ts';
export { EXHIBIT_TYPES } from './collection.ts';
export { IMAGE_POOL, imagePath, specForFile } from './image-pool.ts';
export { MUSEUM_CODE, STORE_DIRS, STORE_PATH, storePath } from './file-store.ts';
export { DEMO_TODAY } from './dates.ts';
export { MUSEUM } from './museum.ts';
export type { DemoContent, DemoFile } from './types.ts';
export { demoVisits, VISIT_HISTORY_DAYS } from './visits.ts';
