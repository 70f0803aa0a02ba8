import MultiScreen from './multi/MultiScreen';
import { DARK, TINT } from './palette';
import Screen from './Screen';

/** /large-screen: the dark data screen of the active park. */
export function DarkScreen() {
  return <Screen palette={DARK} />;
}

/** /large-screen-tint: the same screen in the light palette. */
export function TintScreen() {
  return <Screen palette={TINT} />;
}

/** /large-screen-multi?screenId=: a multi-park screen (LargeManage), dark. */
export function DarkMultiScreen() {
  return <MultiScreen palette={DARK} />;
}
