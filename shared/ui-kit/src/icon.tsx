import type { SvgIconProps } from '@mui/material/SvgIcon';
import Article from '@mui/icons-material/Article';
import Podcasts from '@mui/icons-material/Podcasts';
import School from '@mui/icons-material/School';
import PlayLesson from '@mui/icons-material/PlayLesson';
import People from '@mui/icons-material/People';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Comment from '@mui/icons-material/Comment';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Campaign from '@mui/icons-material/Campaign';
import LinkIcon from '@mui/icons-material/Link';
import Gavel from '@mui/icons-material/Gavel';
import Info from '@mui/icons-material/Info';
import Payments from '@mui/icons-material/Payments';
import Dashboard from '@mui/icons-material/Dashboard';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Person from '@mui/icons-material/Person';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
// The theme switch before the browser has read the visitor's mode (issue 32 item 8).
import Palette from '@mui/icons-material/Palette';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Search from '@mui/icons-material/Search';
import Refresh from '@mui/icons-material/Refresh';
import Home from '@mui/icons-material/Home';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
// Added in 1.1.0: audio player, dashboard tables and forms, comments, feeds.
import PlayArrow from '@mui/icons-material/PlayArrow';
import Pause from '@mui/icons-material/Pause';
import Replay10 from '@mui/icons-material/Replay10';
import Forward10 from '@mui/icons-material/Forward10';
import RssFeed from '@mui/icons-material/RssFeed';
import Edit from '@mui/icons-material/Edit';
import Delete from '@mui/icons-material/Delete';
import Add from '@mui/icons-material/Add';
import Reply from '@mui/icons-material/Reply';
import Verified from '@mui/icons-material/Verified';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import UploadFile from '@mui/icons-material/UploadFile';
import Schedule from '@mui/icons-material/Schedule';
import History from '@mui/icons-material/History';
// Added for commerce (issue 6): locked sessions, done ticks, lesson downloads, previous session.
import Lock from '@mui/icons-material/Lock';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import ChevronRight from '@mui/icons-material/ChevronRight';
// Added for people and permissions (issue 7): comment restrictions, freeing, expandable lists.
import CommentsDisabled from '@mui/icons-material/CommentsDisabled';
import LockOpen from '@mui/icons-material/LockOpen';
import Block from '@mui/icons-material/Block';
import ExpandMore from '@mui/icons-material/ExpandMore';
// Added for running the site (issue 8): the footer's contact details and social links, closing
// a banner, the dashboard home's new-users figure.
import Email from '@mui/icons-material/Email';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Telegram from '@mui/icons-material/Telegram';
import Instagram from '@mui/icons-material/Instagram';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import LinkedIn from '@mui/icons-material/LinkedIn';
import GitHub from '@mui/icons-material/GitHub';
import Close from '@mui/icons-material/Close';
import PersonAdd from '@mui/icons-material/PersonAdd';
// Added for the lesson player (issue 24): mute, quality, subtitles, full screen, shortcuts.
import VolumeUp from '@mui/icons-material/VolumeUp';
import VolumeOff from '@mui/icons-material/VolumeOff';
import Tune from '@mui/icons-material/Tune';
import Subtitles from '@mui/icons-material/Subtitles';
import SubtitlesOff from '@mui/icons-material/SubtitlesOff';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Keyboard from '@mui/icons-material/Keyboard';

/**
 * The icons the apps use, by name. Only these are bundled (each is its own import), so
 * adding an icon here is how an app gets one; dashboard navigation items name them.
 */
const ICONS = {
  Article,
  Podcasts,
  School,
  PlayLesson,
  People,
  AdminPanelSettings,
  Comment,
  SupportAgent,
  Campaign,
  Link: LinkIcon,
  Gavel,
  Info,
  Payments,
  Dashboard,
  ShoppingCart,
  Person,
  Login,
  Logout,
  Menu,
  DarkMode,
  LightMode,
  SettingsBrightness,
  Palette,
  Favorite,
  FavoriteBorder,
  ChatBubbleOutline,
  Search,
  Refresh,
  Home,
  ChevronLeft,
  Visibility,
  VisibilityOff,
  HelpOutline,
  PlayArrow,
  Pause,
  Replay10,
  Forward10,
  RssFeed,
  Edit,
  Delete,
  Add,
  Reply,
  Verified,
  AutoFixHigh,
  UploadFile,
  Schedule,
  History,
  Lock,
  CheckCircle,
  Download,
  ChevronRight,
  CommentsDisabled,
  LockOpen,
  Block,
  ExpandMore,
  Email,
  Phone,
  Place,
  Telegram,
  Instagram,
  X,
  YouTube,
  OndemandVideo,
  LinkedIn,
  GitHub,
  Close,
  PersonAdd,
  VolumeUp,
  VolumeOff,
  Tune,
  Subtitles,
  SubtitlesOff,
  Fullscreen,
  FullscreenExit,
  Keyboard,
} as const;

/** A name of an icon the ui kit provides. */
export type IconName = keyof typeof ICONS;

/**
 * Renders a Material icon by name; an unknown name renders the help icon rather than
 * nothing, so a remote built against a newer kit still shows something.
 */
export function Icon({ name, ...props }: { name: IconName | string } & SvgIconProps) {
  const Component = ICONS[name as IconName] ?? HelpOutline;
  return <Component {...props} />;
}
