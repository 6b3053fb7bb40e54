// `import UIKitDynamics` gives everything `import Dynamics` gives (the behaviours under their own names, Foundation's
// CGPoint/CGSize/CGRect/CGFloat, CGVector and CGAffineTransform) plus the UI-prefixed names of this module.
@_exported import Dynamics
