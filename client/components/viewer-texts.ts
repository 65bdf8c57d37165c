// The texts of the object page's viewers: the deep zoom, the 3D model, the spoken guide and the IIIF
// link. They are kept apart from the site's UI dictionary because only the object page shows them: this
// way they travel in that page's script, not in the part every page loads.
import { useCallback } from 'react';
import type { Vars } from '../../shared/i18n.ts';
import { useLang } from '../frame.ts';

const TEXTS = {
  zoomOpen: { zh: '放大查看', en: 'Zoom in' },
  zoomDialog: { zh: '{title}（放大查看）', en: '{title} (zoom)' },
  zoomIn: { zh: '放大', en: 'Zoom in' },
  zoomOut: { zh: '缩小', en: 'Zoom out' },
  zoomHome: { zh: '复位', en: 'Reset the view' },
  zoomViewer: { zh: '{title}，可缩放的大图', en: '{title}, zoomable image' },
  zoomHelp: {
    zh: '拖动移动画面，滚轮或双指缩放。键盘：方向键移动，+ 放大，− 缩小，0 复位，Esc 关闭。',
    en: 'Drag to move, scroll or pinch to zoom. Keys: arrows move, + zooms in, − zooms out, 0 resets, Esc closes.',
  },
  zoomFailed: { zh: '大图暂时无法加载。', en: 'The large image could not be loaded.' },
  zoomFull: { zh: '打开原图', en: 'Open the full-size image' },
  modelViewer: { zh: '{title}的三维模型', en: '3D model of {title}' },
  modelHelp: {
    zh: '拖动旋转，滚轮或双指缩放。键盘：方向键旋转，+ 放大，− 缩小，0 复位。',
    en: 'Drag to turn, scroll or pinch to zoom. Keys: arrows turn, + zooms in, − zooms out, 0 resets.',
  },
  modelTurnLeft: { zh: '向左转', en: 'Turn left' },
  modelTurnRight: { zh: '向右转', en: 'Turn right' },
  modelFailed: { zh: '三维模型暂时无法显示。', en: 'The 3D model could not be shown.' },
  modelClose: { zh: '返回图片', en: 'Back to the picture' },
  modelFile: { zh: '下载模型文件', en: 'Download the model file' },
  listen: { zh: '收听文物解读', en: 'Listen to the commentary' },
  listenPause: { zh: '暂停收听', en: 'Pause' },
  listenResume: { zh: '继续收听', en: 'Resume' },
  listenStop: { zh: '停止', en: 'Stop' },
  iiifManifest: { zh: 'IIIF 资源清单', en: 'IIIF manifest' },
} as const satisfies Record<string, { zh: string; en: string }>;

type ViewerTextKey = keyof typeof TEXTS;
type ViewerTranslate = (key: ViewerTextKey, vars?: Vars) => string;

/** Like useT, over the viewers' texts. */
export function useViewerT(): ViewerTranslate {
  const lang = useLang();
  return useCallback(
    (key: ViewerTextKey, vars?: Vars) =>
      TEXTS[key][lang].replace(/\{(\w+)\}/g, (whole: string, name: string) => (vars && name in vars ? String(vars[name]) : whole)),
    [lang],
  );
}
