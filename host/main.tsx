import { opensLoginDocument } from './login-document/opens-login-document';

const root = document.getElementById('root')!;

/** What the page shows when its code cannot be loaded (the server is unreachable or was updated meanwhile). */
function showLoadFailure(): void {
  root.textContent = '页面加载失败，请检查网络后刷新页面';
  root.setAttribute('role', 'alert');
}

// A visitor's /login draws the form alone; the console's kernel loads once the user has logged in.
// Every other start loads the console (the server preloads the code each start needs).
if (opensLoginDocument(window)) {
  import('./login-document/login-document').then((m) => m.startLoginDocument(window, root), showLoadFailure);
} else {
  import('./console-main').then((m) => m.startConsoleMain(root), showLoadFailure);
}
