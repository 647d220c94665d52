import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, makeStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DismissRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { DialogService, IMAGE_ZOOM_RATE } from '../../sdk/services/dialog-service';

const useStyles = makeStyles({
  mask: {
    position: 'fixed',
    inset: 0,
    zIndex: 1500,
    background: 'rgba(0,0,0,0.72)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  },
  image: { maxWidth: '80vw', maxHeight: '80vh', transition: 'transform 0.2s', boxShadow: '0 8px 32px rgba(0,0,0,0.4)' },
  toolbar: {
    position: 'absolute',
    bottom: '28px',
    left: '50%',
    transform: 'translateX(-50%)',
    display: 'flex',
    gap: '6px',
    alignItems: 'center',
    padding: '6px 12px',
    borderRadius: '20px',
    background: 'rgba(0,0,0,0.55)',
    color: '#fff',
  },
  counter: { fontSize: '13px', padding: '0 8px' },
  tool: { color: '#fff' },
});

/**
 * The global image viewer: opens at the given index, zooms by 1.2, closes on a click on the mask
 * and deliberately not on Escape (spec §2).
 */
const ImageViewer = observer(function ImageViewer() {
  const s = useStyles();
  const dialogs = useService(DialogService);
  const state = dialogs.imageViewer;
  const [index, setIndex] = useState(state?.index ?? 0);
  const [zoom, setZoom] = useState(1);
  // a newly opened set of images starts at its index, unzoomed (adjusted while rendering, so the
  // first frame already shows the right image)
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setIndex(state?.index ?? 0);
    setZoom(1);
  }
  if (!state) return null;
  const count = state.urls.length;
  const go = (delta: number) => {
    setIndex((i) => (i + delta + count) % count);
    setZoom(1);
  };
  return createPortal(
    <div
      className={s.mask}
      role="dialog"
      aria-modal="true"
      aria-label="图片预览"
      data-testid="image-viewer-mask"
      onClick={(e) => e.target === e.currentTarget && dialogs.closeImage()}
    >
      <img className={s.image} src={state.urls[index]} alt={`图片 ${index + 1}`} style={{ transform: `scale(${zoom})` }} />
      <div className={s.toolbar}>
        {count > 1 && <Button className={s.tool} appearance="transparent" icon={<ArrowLeftRegular />} aria-label="上一张" onClick={() => go(-1)} />}
        <span className={s.counter}>
          {index + 1} / {count}
        </span>
        {count > 1 && <Button className={s.tool} appearance="transparent" icon={<ArrowRightRegular />} aria-label="下一张" onClick={() => go(1)} />}
        <Button className={s.tool} appearance="transparent" icon={<ZoomInRegular />} aria-label="放大" onClick={() => setZoom((z) => z * IMAGE_ZOOM_RATE)} />
        <Button className={s.tool} appearance="transparent" icon={<ZoomOutRegular />} aria-label="缩小" onClick={() => setZoom((z) => z / IMAGE_ZOOM_RATE)} />
        <Button className={s.tool} appearance="transparent" icon={<DismissRegular />} aria-label="关闭" onClick={() => dialogs.closeImage()} />
      </div>
    </div>,
    document.body,
  );
});
export default ImageViewer;
