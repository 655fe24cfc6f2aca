/**
 * The ui kit's lazy entry: heavy components that are rarely on first paint (form fields,
 * menus, dialogs). Import them through `React.lazy`/route-level chunks so the home page
 * does not pay for them. Same growth rule as the main entry: only add exports.
 */
export {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  InputLabel,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Slider,
  Switch,
  TextField,
} from '@mui/material';
