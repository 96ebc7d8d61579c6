export { isModalOpen, isTypingTarget, mayHandle } from './guards';
export { GO_SEQUENCE_MS, GO_TARGETS, useGlobalHotkeys, type GlobalHotkeys, type GoTarget } from './use-global-hotkeys';
export { useListHotkeys, type ListHotkeysOptions } from './use-list-hotkeys';
