// Icons: lucide-static SVGs bundled as text (esbuild's svg text loader), so no icon is
// ever fetched from elsewhere. Only names imported here exist: add yours below.
// Shoelace's own controls (close buttons, chevrons) use the "system" library registered
// in main.js, served from the build's icons folder.
import { html } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import activity from "lucide-static/icons/activity.svg";
import arrowDown from "lucide-static/icons/arrow-down.svg";
import arrowUp from "lucide-static/icons/arrow-up.svg";
import badgeCheck from "lucide-static/icons/badge-check.svg";
import ban from "lucide-static/icons/ban.svg";
import bell from "lucide-static/icons/bell.svg";
import bug from "lucide-static/icons/bug.svg";
import camera from "lucide-static/icons/camera.svg";
import check from "lucide-static/icons/check.svg";
import chevronDown from "lucide-static/icons/chevron-down.svg";
import chevronRight from "lucide-static/icons/chevron-right.svg";
import chevronUp from "lucide-static/icons/chevron-up.svg";
import circleAlert from "lucide-static/icons/circle-alert.svg";
import circleCheck from "lucide-static/icons/circle-check.svg";
import circleDot from "lucide-static/icons/circle-dot.svg";
import circleX from "lucide-static/icons/circle-x.svg";
import clock from "lucide-static/icons/clock.svg";
import copy from "lucide-static/icons/copy.svg";
import cpu from "lucide-static/icons/cpu.svg";
import download from "lucide-static/icons/download.svg";
import eraser from "lucide-static/icons/eraser.svg";
import externalLink from "lucide-static/icons/external-link.svg";
import eye from "lucide-static/icons/eye.svg";
import eyeOff from "lucide-static/icons/eye-off.svg";
import fan from "lucide-static/icons/fan.svg";
import file from "lucide-static/icons/file.svg";
import fileArchive from "lucide-static/icons/file-archive.svg";
import fileText from "lucide-static/icons/file-text.svg";
import filter from "lucide-static/icons/filter.svg";
import folder from "lucide-static/icons/folder.svg";
import folderOpen from "lucide-static/icons/folder-open.svg";
import gamepad2 from "lucide-static/icons/gamepad-2.svg";
import gauge from "lucide-static/icons/gauge.svg";
import globe from "lucide-static/icons/globe.svg";
import gripVertical from "lucide-static/icons/grip-vertical.svg";
import hardDrive from "lucide-static/icons/hard-drive.svg";
import history from "lucide-static/icons/history.svg";
import house from "lucide-static/icons/house.svg";
import image from "lucide-static/icons/image.svg";
import inbox from "lucide-static/icons/inbox.svg";
import info from "lucide-static/icons/info.svg";
import keyRound from "lucide-static/icons/key-round.svg";
import keyboard from "lucide-static/icons/keyboard.svg";
import laptop from "lucide-static/icons/laptop.svg";
import layers from "lucide-static/icons/layers.svg";
import layoutDashboard from "lucide-static/icons/layout-dashboard.svg";
import layoutGrid from "lucide-static/icons/layout-grid.svg";
import library from "lucide-static/icons/library.svg";
import link from "lucide-static/icons/link.svg";
import list from "lucide-static/icons/list.svg";
import listChecks from "lucide-static/icons/list-checks.svg";
import loaderCircle from "lucide-static/icons/loader-circle.svg";
import lock from "lucide-static/icons/lock.svg";
import logIn from "lucide-static/icons/log-in.svg";
import logOut from "lucide-static/icons/log-out.svg";
import menu from "lucide-static/icons/menu.svg";
import microchip from "lucide-static/icons/microchip.svg";
import monitor from "lucide-static/icons/monitor.svg";
import monitorCheck from "lucide-static/icons/monitor-check.svg";
import monitorSmartphone from "lucide-static/icons/monitor-smartphone.svg";
import moon from "lucide-static/icons/moon.svg";
import packageIcon from "lucide-static/icons/package.svg";
import pause from "lucide-static/icons/pause.svg";
import pencil from "lucide-static/icons/pencil.svg";
import play from "lucide-static/icons/play.svg";
import plug from "lucide-static/icons/plug.svg";
import plus from "lucide-static/icons/plus.svg";
import power from "lucide-static/icons/power.svg";
import puzzle from "lucide-static/icons/puzzle.svg";
import refreshCw from "lucide-static/icons/refresh-cw.svg";
import rotateCcw from "lucide-static/icons/rotate-ccw.svg";
import rotateCw from "lucide-static/icons/rotate-cw.svg";
import save from "lucide-static/icons/save.svg";
import scaling from "lucide-static/icons/scaling.svg";
import scrollText from "lucide-static/icons/scroll-text.svg";
import search from "lucide-static/icons/search.svg";
import server from "lucide-static/icons/server.svg";
import settings from "lucide-static/icons/settings.svg";
import shield from "lucide-static/icons/shield.svg";
import shieldCheck from "lucide-static/icons/shield-check.svg";
import smartphone from "lucide-static/icons/smartphone.svg";
import sparkles from "lucide-static/icons/sparkles.svg";
import square from "lucide-static/icons/square.svg";
import store from "lucide-static/icons/store.svg";
import sun from "lucide-static/icons/sun.svg";
import sunMoon from "lucide-static/icons/sun-moon.svg";
import terminal from "lucide-static/icons/terminal.svg";
import thermometer from "lucide-static/icons/thermometer.svg";
import trash2 from "lucide-static/icons/trash-2.svg";
import triangleAlert from "lucide-static/icons/triangle-alert.svg";
import tvMinimalPlay from "lucide-static/icons/tv-minimal-play.svg";
import unplug from "lucide-static/icons/unplug.svg";
import upload from "lucide-static/icons/upload.svg";
import user from "lucide-static/icons/user.svg";
import userPlus from "lucide-static/icons/user-plus.svg";
import wifi from "lucide-static/icons/wifi.svg";
import wrench from "lucide-static/icons/wrench.svg";
import x from "lucide-static/icons/x.svg";
import zap from "lucide-static/icons/zap.svg";

const ICONS = {
  "activity": activity,
  "arrow-down": arrowDown,
  "arrow-up": arrowUp,
  "badge-check": badgeCheck,
  "ban": ban,
  "bell": bell,
  "bug": bug,
  "camera": camera,
  "check": check,
  "chevron-down": chevronDown,
  "chevron-right": chevronRight,
  "chevron-up": chevronUp,
  "circle-alert": circleAlert,
  "circle-check": circleCheck,
  "circle-dot": circleDot,
  "circle-x": circleX,
  "clock": clock,
  "copy": copy,
  "cpu": cpu,
  "download": download,
  "eraser": eraser,
  "external-link": externalLink,
  "eye": eye,
  "eye-off": eyeOff,
  "fan": fan,
  "file": file,
  "file-archive": fileArchive,
  "file-text": fileText,
  "filter": filter,
  "folder": folder,
  "folder-open": folderOpen,
  "gamepad-2": gamepad2,
  "gauge": gauge,
  "globe": globe,
  "grip-vertical": gripVertical,
  "hard-drive": hardDrive,
  "history": history,
  "house": house,
  "image": image,
  "inbox": inbox,
  "info": info,
  "key-round": keyRound,
  "keyboard": keyboard,
  "laptop": laptop,
  "layers": layers,
  "layout-dashboard": layoutDashboard,
  "layout-grid": layoutGrid,
  "library": library,
  "link": link,
  "list": list,
  "list-checks": listChecks,
  "loader-circle": loaderCircle,
  "lock": lock,
  "log-in": logIn,
  "log-out": logOut,
  "menu": menu,
  "microchip": microchip,
  "monitor": monitor,
  "monitor-check": monitorCheck,
  "monitor-smartphone": monitorSmartphone,
  "moon": moon,
  "package": packageIcon,
  "pause": pause,
  "pencil": pencil,
  "play": play,
  "plug": plug,
  "plus": plus,
  "power": power,
  "puzzle": puzzle,
  "refresh-cw": refreshCw,
  "rotate-ccw": rotateCcw,
  "rotate-cw": rotateCw,
  "save": save,
  "scaling": scaling,
  "scroll-text": scrollText,
  "search": search,
  "server": server,
  "settings": settings,
  "shield": shield,
  "shield-check": shieldCheck,
  "smartphone": smartphone,
  "sparkles": sparkles,
  "square": square,
  "store": store,
  "sun": sun,
  "sun-moon": sunMoon,
  "terminal": terminal,
  "thermometer": thermometer,
  "trash-2": trash2,
  "triangle-alert": triangleAlert,
  "tv-minimal-play": tvMinimalPlay,
  "unplug": unplug,
  "upload": upload,
  "user": user,
  "user-plus": userPlus,
  "wifi": wifi,
  "wrench": wrench,
  "x": x,
  "zap": zap,
};

const cache = new Map();

/** A lucide icon by kebab-case name; decorative unless `label` is given. */
export function icon(name, label) {
  let svg = cache.get(name);
  if (svg === undefined) {
    const source = ICONS[name];
    if (!source) throw new Error(`Icon ${name} is not imported in icons.js`);
    svg = source.replace(/<!--[\s\S]*?-->/g, "").replace("<svg", '<svg aria-hidden="true" focusable="false"').trim();
    cache.set(name, svg);
  }
  return label
    ? html`<span class="icon" role="img" aria-label=${label}>${unsafeHTML(svg)}</span>`
    : html`<span class="icon" aria-hidden="true">${unsafeHTML(svg)}</span>`;
}

export const iconNames = Object.keys(ICONS);
