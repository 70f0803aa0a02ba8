import { spawnFfmpeg, stopFfmpeg } from '../../modules/video/ffmpeg';
import type { Scene } from '../scene';
import type { StartPublisher } from './server';

/** A simulated scene as an RTSP path's publisher: one ffmpeg pushing it (ANNOUNCE/RECORD over TCP). */
export function scenePublisher(ffmpeg: string, scene: Scene): StartPublisher {
  return (url) => {
    const proc = spawnFfmpeg(ffmpeg, scene.rtspPublishArgs(url), true, scene.env());
    return {
      stop: () => stopFfmpeg(proc),
      onExit: (listener) => void proc.once('close', listener),
    };
  };
}
