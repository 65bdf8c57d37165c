// The deterministic demo content of the reference content service.
//
//   generateDemoContent(seed?)        every record of both sites (pure, same seed → same content)
//   writeDemoFiles(dir, content)      writes the files those records refer to: images (+ THUMB, WATER), the PDF, the video, 3D models
//   demoVisits(today)                 the visit history the service starts with, up to `today`
export { generateDemoContent } from './generate.ts';
export { writeDemoFiles } from './files.ts';
export { demoVisits } from './visits.ts';
