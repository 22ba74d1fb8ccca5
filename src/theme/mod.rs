//! The look and feel shared by every window: the palette, and how the keyboard reaches the
//! dialogs (as bevy_new_2d keeps its `theme/`). A leaf: it imports only Bevy and egui.

pub mod keyboard;
pub mod layout;
pub mod palette;
