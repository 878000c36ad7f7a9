import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { readPreviewEvent, type PreviewEvent } from './previewDocument';

interface TemplatePreviewFrameProps {
  /** The whole document (previewDocument); never injected into the admin's own DOM. */
  srcDoc: string;
  title: string;
  /** The width the template is laid out at, in CSS pixels. */
  width: number;
  height: number;
  /** Below 1 the frame is drawn smaller (card thumbnails) and not interactive. */
  scale?: number;
  onEvent?: (event: PreviewEvent) => void;
}

/**
 * BEYOND-1: the template runs in `sandbox="allow-scripts"` without allow-same-origin, an
 * opaque origin: `parent.document`, cookies and storage are out of its reach. The only way
 * out is postMessage, and only messages from this frame's window are read, as plain data.
 */
export const TemplatePreviewFrame = ({ srcDoc, title, width, height, scale = 1, onEvent }: TemplatePreviewFrameProps) => {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!onEvent) return undefined;
    const listener = (message: MessageEvent) => {
      if (!frame.current || message.source !== frame.current.contentWindow) return;
      const event = readPreviewEvent(message.data);
      if (event) onEvent(event);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onEvent]);

  const thumbnail = scale < 1;
  return (
    <Box
      sx={{
        width: width * scale,
        maxWidth: '100%',
        height: height * scale,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
        mx: 'auto',
      }}
    >
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-scripts"
        srcDoc={srcDoc}
        referrerPolicy="no-referrer"
        loading={thumbnail ? 'lazy' : undefined}
        tabIndex={thumbnail ? -1 : undefined}
        // A thumbnail is a picture: nothing inside it can take focus (the banner is focusable).
        inert={thumbnail}
        style={{
          width,
          height,
          border: 0,
          display: 'block',
          transform: thumbnail ? `scale(${scale})` : undefined,
          transformOrigin: '0 0',
          pointerEvents: thumbnail ? 'none' : undefined,
        }}
      />
    </Box>
  );
};
