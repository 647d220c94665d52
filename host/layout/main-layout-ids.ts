/** Id of the main container the alarm and download tips attach to. */
export const MAIN_CONTAINER_ID = 'tl-main-container';
