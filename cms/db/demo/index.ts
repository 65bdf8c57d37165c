// The deterministic demo content of the reference content service.
//
//   generateDemoContent(seed?)        every record of both sites (pure, same seed → same content)
//   demoFiles(content)                the files those records refer to (store paths, relative to the files folder)
//   writeDemoFiles(dir, content)      writes them: images (+ THUMB, WATER), the PDF, the video, 3D models
//   demoVisits(today)                 the visit history the service starts with, up to `today`
//   imagePath, specForFile            a pool picture's store path, and the picture behind a store path
//   PDF_FILE, PDF_FILE_ZH             the store paths of the policy PDFs articles attach
//   STORE_PATH                        matches a store path (global: finds every one in a text)
//   DEMO_TODAY                        the day the content's statuses are relative to
export { generateDemoContent } from './generate.ts';
export { demoFiles, writeDemoFiles } from './files.ts';
export { PDF_FILE, PDF_FILE_ZH } from './articles.ts';
export { imagePath, specForFile } from './image-pool.ts';
export { STORE_PATH } from './file-store.ts';
export { DEMO_TODAY } from './dates.ts';
export { demoVisits } from './visits.ts';
