export default function SetupScreen() { return null; }
