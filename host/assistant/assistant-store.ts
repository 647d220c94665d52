import { makeAutoObservable } from 'mobx';

/** The assistant widget's state that the tips dock follows. */
export class AssistantStore {
  /** The assistant script loaded and its wrapper is in the page. */
  ready = false;
  wrapper: HTMLElement | null = null;

  constructor() {
    makeAutoObservable(this, { wrapper: false });
  }

  setReady(wrapper: HTMLElement | null): void {
    this.wrapper = wrapper;
    this.ready = wrapper !== null;
  }
}
