import { usePagedQuery, type PagedQuery, type Page } from '@tianlu/sdk';
import { PetApi, type Pet } from '../pet-api';

/** The pets paged on the server, 20 a page, searched as the name or terminal number is typed. */
export interface PetList extends PagedQuery<string, Page<Pet>> {
  /** Shows the pets matching the text typed from page 1 (blanks around it do not count). */
  searchTyped: (typed: string) => void;
}

/** What the list asks: the pets matching a keyword, 20 a page (also asked ahead by the routes of the pages showing it). */
export const PET_LIST = { list: PetApi.list, initialFilter: '', pageSize: 20, query: (keyword: string) => (keyword ? { keyword } : {}) };

/** The tenant's pets by name or terminal number, as 宠物卡片 and 宠物档案 list them. */
export function usePetList(): PetList {
  const list = usePagedQuery(PET_LIST);
  return {
    ...list,
    searchTyped: (typed) => {
      const keyword = typed.trim();
      if (keyword !== list.filter) list.search(keyword);
    },
  };
}
