import { mount } from 'svelte';
import Harness from './Harness.svelte';

/**
 * A page that shows the generic board with the test fixture game and no server, so the board's
 * drawing and input handling can be driven in a real browser on their own. A real game's page and
 * the log frame take the app's own style sheet, so what is measured is what a player sees.
 */
const target = document.getElementById('app');
if (!target) throw new Error('no #app');
const styled = location.hash === '#log' || location.hash.includes('game=');
void (styled ? import('../../src/app.css') : Promise.resolve()).then(() => mount(Harness, { target }));
