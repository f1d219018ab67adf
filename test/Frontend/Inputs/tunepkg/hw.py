# A value of the device, which tilec cannot compute.
import torch

IS_WIDE = torch.cuda.get_device_properties(0).multi_processor_count > 100
